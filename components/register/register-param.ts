// The query parameter that carries the e-mail typed in the landing's "Criar conta" dialog to /register.
// Its own module: the landing imports it without the wizard's zod-backed form state.
export const REGISTER_EMAIL_PARAM = "email";
