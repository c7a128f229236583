// Whether a request target is the API's (/api, /api/…, /api?…): what scripts/serve.mjs compresses
// (api-compression.mjs) and answers in the JSON envelope when it refuses a request (client-error.mjs).

/** @param {string} url  the request target: path and optional query */
export const isApiPath = (url) => /^\/api(?:[/?]|$)/.test(url);
