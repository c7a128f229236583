import "server-only";

// An office signed up from /register has an owner with no usable password until the e-mailed link sets
// one. This marker is not a scrypt hash, so verifyPassword answers false for every guess:
// the login answers 'Usuário ou senha incorretos' exactly as for a wrong password.
export const NO_PASSWORD = "!pending-signup";

export const hasNoPassword = (passwordHash: string): boolean => passwordHash === NO_PASSWORD;
