/** Times on the order pages, in Lagos time. */
const dateTime = new Intl.DateTimeFormat("en-NG", { dateStyle: "medium", timeStyle: "short", timeZone: "Africa/Lagos" });

/** A stored ISO time as Lagos time, e.g. "27 Nov 2026, 10:15". */
export const when = (iso: string) => dateTime.format(new Date(iso));
