/** A CSV answer as the server streams it (byte-order mark first). */
export const csv = (text: string) =>
  new Response(`\ufeff${text}`, { status: 200, headers: { 'content-type': 'text/csv; charset=utf-8' } });

/** Today's UTC day, as export file names carry it. */
export const today = () => new Date().toISOString().slice(0, 10);

/**
 * The files the browser is handed while a test runs: each link's download name and the object URL it points at.
 * Installs itself around each test of the file that calls it.
 */
export function recordDownloads(): { name: string; href: string }[] {
  const saved: { name: string; href: string }[] = [];
  beforeEach(() => {
    saved.length = 0;
    URL.createObjectURL = jest.fn(() => 'blob:http://localhost/export');
    URL.revokeObjectURL = jest.fn();
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.getAttribute('href') ?? '' });
    });
  });
  afterEach(() => jest.restoreAllMocks());
  return saved;
}
