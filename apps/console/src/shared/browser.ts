/** Browser navigation that tests replace (jsdom cannot reload a page). */
export const browser = {
  reload(): void {
    window.location.reload();
  },
};
