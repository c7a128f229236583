import { z } from "zod";

// zod speaks Brazilian Portuguese everywhere (server answers and UI forms share these schemas).
z.config(z.locales.ptBR());

export { z };
