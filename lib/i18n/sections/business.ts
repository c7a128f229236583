// The pt-BR catalogue's "business" section (lib/i18n/messages.ts explains the catalogue), gathered
// from its parts (businessNav.ts, businessPanel.ts, ...): screens import the parts, not this module.
// The business platform. The spec writes these screens' strings without accents
// ('Voce nao tem pendencias.'): they are kept letter for letter (docs/decisions/0118-business-platform-contract.md).
import { businessNavMessages } from "./businessNav";
import { businessPanelMessages } from "./businessPanel";
import { businessConfirmMessages } from "./businessConfirm";
import { businessSentMessages } from "./businessSent";
import { businessDevolvedMessages } from "./businessDevolved";
import { businessHomeMessages } from "./businessHome";
import { businessApiMessages } from "./businessApi";
import { businessQueueMessages } from "./businessQueue";

export const businessMessages = {
  nav: businessNavMessages,
  panel: businessPanelMessages,
  confirm: businessConfirmMessages,
  sent: businessSentMessages,
  devolved: businessDevolvedMessages,
  home: businessHomeMessages,
  api: businessApiMessages,
  queue: businessQueueMessages,
} as const;
