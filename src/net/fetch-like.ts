/** `fetch` as Patchbay's network code takes it, so tests and site access can stand in for it. */
export type FetchLike = (url: string | URL, init?: RequestInit) => Promise<Response>;
