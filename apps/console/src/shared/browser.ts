/** Browser navigation that tests replace (jsdom cannot reload a page or leave it). */
export const browser = {
  reload(): void {
    window.location.reload();
  },
  /** Leaves the console for another page (a provider's sign-in or sign-out, the server's sign-in start). */
  assign(url: string): void {
    window.location.assign(url);
  },
};
