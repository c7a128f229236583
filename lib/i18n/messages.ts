// The pt-BR catalogue: every user-facing string of the spec, letter for letter (its misspellings
// included where the spec says "spelt so"), and the API's error messages. Nothing a person reads is
// written anywhere else.
//
// One module per section (lib/i18n/sections/): a screen imports only the sections it shows, so the
// browser downloads only those. This aggregate is for the server and the tests.
import { validationMessages } from "./sections/validation";
import { ajaxMessages } from "./sections/ajax";
import { apiMessages } from "./sections/api";
import { loginMessages } from "./sections/login";
import { titlesMessages } from "./sections/titles";
import { homeMessages } from "./sections/home";
import { landingMessages } from "./sections/landing";
import { registerMessages } from "./sections/register";
import { colorlabMessages } from "./sections/colorlab";
import { linksMessages } from "./sections/links";
import { formatMessages } from "./sections/format";
import { shellMessages } from "./sections/shell";
import { profileMessages } from "./sections/profile";
import { operatorsUiMessages } from "./sections/operatorsUi";
import { operatorsMessages } from "./sections/operators";
import { officeMessages } from "./sections/office";
import { sharingMessages } from "./sections/sharing";
import { accountsMessages } from "./sections/accounts";
import { blocksMessages } from "./sections/blocks";
import { invitesMessages } from "./sections/invites";
import { passwordMessages } from "./sections/password";
import { mailMessages } from "./sections/mail";
import { devOutboxMessages } from "./sections/devOutbox";
import { clientDetailMessages } from "./sections/clientDetail";
import { viewerMessages } from "./sections/viewer";
import { categorizationScreenMessages } from "./sections/categorizationScreen";
import { clientActionsMessages } from "./sections/clientActions";
import { clientsMessages } from "./sections/clients";
import { businessMessages } from "./sections/business";
import { categorizationMessages } from "./sections/categorization";
import { contabilizationMessages } from "./sections/contabilization";
import { contabilizationDeskMessages } from "./sections/contabilizationDesk";
import { contabilizationMobileMessages } from "./sections/contabilizationMobile";
import { commonMessages } from "./sections/common";
import { errorPageMessages } from "./sections/errorPage";
import { chartMessages } from "./sections/chart";
import { fiscalPageMessages } from "./sections/fiscalPage";
import { fiscalMessages } from "./sections/fiscal";
import { fiscalImportMessages } from "./sections/fiscalImport";
import { readingMessages } from "./sections/reading";
import { historyMessages } from "./sections/history";
import { exportsMessages } from "./sections/exports";
import { notificationsMessages } from "./sections/notifications";
import { privacyMessages } from "./sections/privacy";
import { pwaMessages } from "./sections/pwa";

export const messages = {
  validation: validationMessages,
  ajax: ajaxMessages,
  api: apiMessages,
  login: loginMessages,
  titles: titlesMessages,
  home: homeMessages,
  landing: landingMessages,
  register: registerMessages,
  colorlab: colorlabMessages,
  links: linksMessages,
  format: formatMessages,
  shell: shellMessages,
  profile: profileMessages,
  operatorsUi: operatorsUiMessages,
  operators: operatorsMessages,
  office: officeMessages,
  sharing: sharingMessages,
  accounts: accountsMessages,
  blocks: blocksMessages,
  invites: invitesMessages,
  password: passwordMessages,
  mail: mailMessages,
  devOutbox: devOutboxMessages,
  clientDetail: clientDetailMessages,
  viewer: viewerMessages,
  categorizationScreen: categorizationScreenMessages,
  clientActions: clientActionsMessages,
  clients: clientsMessages,
  business: businessMessages,
  categorization: categorizationMessages,
  contabilization: contabilizationMessages,
  contabilizationDesk: contabilizationDeskMessages,
  contabilizationMobile: contabilizationMobileMessages,
  common: commonMessages,
  errorPage: errorPageMessages,
  chart: chartMessages,
  fiscalPage: fiscalPageMessages,
  fiscal: fiscalMessages,
  fiscalImport: fiscalImportMessages,
  reading: readingMessages,
  history: historyMessages,
  exports: exportsMessages,
  notifications: notificationsMessages,
  privacy: privacyMessages,
  pwa: pwaMessages,
} as const;
