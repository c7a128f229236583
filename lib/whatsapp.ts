import { onlyDigits } from "@/lib/validation/digits";

// 'Avisar por WhatsApp' (docs/decisions/0292-whatsapp-link.md): a wa.me link, nothing sent by us. wa.me
// wants the number in international form, digits only: Brazil's 55, the area code and the number.

/** The wa.me number of a stored phone (10 or 11 digits, or already with 55), or null when it is not one. */
export function whatsappNumber(phone: string | null | undefined): string | null {
  const digits = onlyDigits(phone ?? "");
  if (digits.length === 10 || digits.length === 11) return `55${digits}`;
  if ((digits.length === 12 || digits.length === 13) && digits.startsWith("55")) return digits;
  return null;
}

/** `https://wa.me/<55 + digits>?text=<the message, percent-encoded>`, or null without a usable phone. */
export function whatsappLink(phone: string | null | undefined, message: string): string | null {
  const number = whatsappNumber(phone);
  return number ? `https://wa.me/${number}?text=${encodeURIComponent(message)}` : null;
}
