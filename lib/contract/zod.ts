import { z } from "zod";

// zod speaks Brazilian Portuguese everywhere (server answers and UI forms share these schemas).
z.config(z.locales.ptBR());

// In the browser, no compiled parsers: zod's JIT probes `new Function`, which the page's CSP refuses
// (no 'unsafe-eval'), and every page load reported a violation. The server keeps the faster JIT.
if (typeof window !== "undefined") z.config({ jitless: true });

export { z };
