// The pt-BR catalogue's "notifications" section (lib/i18n/messages.ts explains the catalogue): the
// profile's 'Notificações por e-mail', the unsubscribe page and the API's messages about them.
export const notificationsMessages = {
  panel: "Notificações por e-mail",
  panelText: "Escolha quais e-mails você quer receber.",
  kinds: {
    pendency: "Pendências nos meus blocos",
    returned: "Blocos devolvidos pelo escritório",
    digest: "Resumo diário de blocos novos",
  },
  kindHints: {
    pendency: "Quando o escritório pede algo sobre um bloco enviado.",
    returned: "Quando o escritório devolve um bloco, com o prazo dos documentos.",
    digest: "Todo dia às 7h, os blocos que seus clientes enviaram no dia anterior.",
  },
  saved: "Preferência salva.",
  loadError: "Não foi possível carregar suas preferências.",
  invalidKind: "Tipo de notificação inválido.",
  invalidEnabled: "Informe se a notificação fica ligada (true) ou desligada (false).",
  notYours: "Este tipo de notificação não se aplica à sua conta.",
  invalidLink: "Link de descadastro inválido.",
  userGone: "Esta conta não existe mais.",
  unsubscribeTitle: "Deixar de receber e-mails",
  unsubscribeQuestion: (kind: string) => `Você não vai mais receber os e-mails de "${kind}".`,
  unsubscribeUnknown: "Este link não é válido. Confira se ele foi copiado inteiro.",
  unsubscribeConfirm: "Confirmar descadastro",
  unsubscribeDone: (kind: string) => `Pronto. Você não vai mais receber os e-mails de "${kind}".`,
  unsubscribeAgain: "Você pode ligar este aviso de novo no seu perfil, em 'Notificações por e-mail'.",
  unsubscribeLogin: "Entrar no Bloco",
  whatsapp: "Avisar por WhatsApp",
  whatsappNoPhone: "O cliente não tem telefone cadastrado: cadastre um nos dados do cliente para avisar por WhatsApp.",
  whatsappHint: "Abre o WhatsApp com a mensagem pronta para o telefone do cliente.",
  whatsappMessage: (client: string, office: string, issue: string, observation: string, link: string) =>
    [
      `Olá, ${client}! Aqui é do escritório ${office}.`,
      `Registramos uma pendência em um bloco de vocês: ${issue}.`,
      ...(observation ? [`Observação: ${observation}`] : []),
      `Para resolver, acesse Blocos com pendencia no Bloco: ${link}`,
    ].join("\n"),
} as const;
