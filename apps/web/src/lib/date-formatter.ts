/**
 * An `Intl.DateTimeFormat` made the first time it is used. Making one loads the locale's data
 * (10–20 ms on a phone-speed CPU): made as its module loads, it would weigh on the task that
 * starts every page, dates or none.
 */
export function dateFormatter(options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let format: Intl.DateTimeFormat | undefined;
  return () => (format ??= new Intl.DateTimeFormat('en-IN', options));
}
