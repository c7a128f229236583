// The section ids of the landing page, exactly as spec §2 names them (the top bar scrolls to them).
export const SECTION_IDS = ["Inicio", "ComoFunciona", "Vantagens", "Recursos", "CriarConta"] as const;
export type SectionId = (typeof SECTION_IDS)[number];

/** Smooth scroll to a section; the sticky bar's height is kept clear by scroll-margin on the sections. */
export function scrollToSection(id: SectionId) {
  document.getElementById(id)?.scrollIntoView({ behavior: "smooth", block: "start" });
}
