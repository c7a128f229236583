// Whether a request target is the API's (/api, /api/…, /api?…): what the app server compresses
// (api-compression.ts) and answers in the JSON envelope when it refuses a request (client-error.ts).

/** `url`: the request target, path and optional query. */
export const isApiPath = (url: string): boolean => /^\/api(?:[/?]|$)/.test(url);
