// The pt-BR catalogue's "privacy" section (lib/i18n/messages.ts explains the catalogue): the office's
// 'Política de retenção', a client's 'Suspender exclusão', 'Baixar meus dados', 'Excluir minha conta',
// the /privacidade page and the API's messages about them.
export const privacyMessages = {
  retentionTitle: "Política de retenção",
  retentionText: (years: number) =>
    `Os arquivos de um documento do ano X ficam guardados até pelo menos 1º de janeiro de X + ${years} + 2. ` +
    "Depois disso, as fotos e arquivos são apagados; os lançamentos e o histórico continuam.",
  retentionYears: "Anos de guarda",
  retentionYearsHint: "Mínimo de 5 anos (prazo fiscal).",
  retentionSave: "Salvar política",
  retentionSaved: "Política de retenção salva.",
  retentionYearsInvalid: (min: number, max: number) => `Informe um número inteiro de ${min} a ${max} anos.`,
  holdTitle: "Retenção de documentos",
  holdLabel: "Suspender exclusão",
  holdHint: "Enquanto ligado (uma fiscalização, um processo), nenhum arquivo deste cliente é apagado.",
  holdSince: (date: string) => `Exclusão suspensa desde ${date}.`,
  holdSaved: "Alteração salva.",
  holdInvalid: "Informe se a exclusão fica suspensa (true) ou não (false).",

  personalTitle: "Meus dados",
  personalText:
    "Você pode receber por e-mail um arquivo ZIP com os seus dados pessoais guardados no Bloco, " +
    "ou excluir a sua conta.",
  downloadData: "Baixar meus dados",
  downloadRequested: (email: string) => `Pedido recebido. Enviaremos o link para ${email} em instantes.`,
  downloadTooSoon: "Você já pediu seus dados há pouco. Aguarde alguns minutos e tente de novo.",
  linkInvalid: "Este link não é válido ou já foi usado. Peça os seus dados de novo no seu perfil.",
  linkNotReady: "O arquivo ainda está sendo preparado. Tente de novo em instantes.",
  mailSubject: "Seus dados no Bloco",
  mailText: (name: string, url: string, hours: number) =>
    `Olá, ${name}.\n\nO arquivo com os seus dados no Bloco está pronto. Baixe pelo link abaixo ` +
    `(vale por ${hours} horas e funciona uma única vez):\n\n${url}\n\n` +
    "Se você não pediu este arquivo, troque sua senha.",
  deleteAccount: "Excluir minha conta",
  deleteAccountText:
    "Seu nome, e-mail, telefone, CPF e foto serão apagados para sempre, também dos e-mails e convites. " +
    "Os lançamentos que você fez continuam nos livros, como 'Usuário removido'. Não é possível desfazer.",
  deleteAccountConfirm: "Tem certeza que deseja excluir sua conta? Esta ação não pode ser desfeita.",
  deleteAccountPassword: "Confirme com sua senha",
  deleteAccountButton: "Excluir conta",
  cancel: "Cancelar",
  eraseOperator: "Apagar dados pessoais",
  eraseOperatorConfirm: (name: string) =>
    `Apagar para sempre os dados pessoais de ${name}? Os lançamentos ficam, como 'Usuário removido'.`,
  lastOwner: "Você é o único proprietário. Transfira a propriedade antes de excluir a conta.",
  stillResponsible: "Transfira os clientes pelos quais você é responsável antes de excluir a conta.",
  operatorStillResponsible: "Transfira os clientes deste operador antes de apagar os dados dele.",
  operatorNotGone: "Remova ou bloqueie o operador antes de apagar os dados dele.",
  alreadyErased: "Os dados desta pessoa já foram apagados.",
  operatorHasCompany: "Esta pessoa também usa o Bloco por uma empresa cliente; só ela pode excluir a própria conta.",
  operatorIsSelf: "Para excluir a sua própria conta, use 'Excluir minha conta' no seu perfil.",
  operatorNotFound: "Operador não encontrado.",
  wrongPassword: "Senha incorreta.",
  removedUser: "Usuário removido",

  linkTitle: "Seus dados no Bloco",
  linkText: "O arquivo ZIP com os seus dados pessoais está pronto. O link funciona uma única vez.",
  linkDownload: "Baixar o arquivo",
  linkDone: "Download iniciado. Este link não funciona mais.",

  pageTitle: "Privacidade",
  pageLink: "Privacidade",
  pageMore: "Saiba o que guardamos e por quê.",
  pageIntro:
    "O Bloco guarda os documentos que as empresas enviam aos seus escritórios de contabilidade e os lançamentos " +
    "feitos a partir deles. Aqui explicamos, de forma simples, o que guardamos, por quanto tempo e o que você " +
    "pode pedir, conforme a Lei Geral de Proteção de Dados (LGPD).",
  pageSections: [
    {
      title: "O que guardamos",
      paragraphs: [
        "Da sua conta: nome, e-mail, telefone, CPF (quando informado), foto e a senha (só o seu resumo " +
          "criptográfico, nunca a senha em si).",
        "Do seu trabalho: os blocos que você envia, as fotos e arquivos dos documentos, as classificações e " +
          "lançamentos, e um registro do que cada pessoa fez e quando (o histórico).",
        "Os e-mails que o Bloco envia para você (convites, avisos, redefinição de senha).",
      ],
    },
    {
      title: "Por que guardamos",
      paragraphs: [
        "Para que o escritório faça a contabilidade da empresa e cumpra as obrigações fiscais dela. " +
          "Os documentos e lançamentos são registros da empresa e do escritório.",
        "O histórico mostra quem fez cada alteração: protege a empresa, o escritório e você.",
      ],
    },
    {
      title: "Por quanto tempo",
      paragraphs: [
        "O fisco pode cobrar um imposto por 5 anos, contados a partir do ano seguinte àquele em que poderia " +
          "cobrá-lo. Por isso, os arquivos de um documento do ano X ficam guardados até pelo menos 1º de " +
          "janeiro de X + 7. O escritório pode escolher um prazo maior.",
        "Depois do prazo, as fotos e arquivos são apagados automaticamente. Os lançamentos e o histórico " +
          "continuam, porque fazem parte dos livros contábeis.",
        "Se houver uma fiscalização ou um processo, o escritório pode suspender a exclusão dos documentos " +
          "de uma empresa enquanto for necessário.",
        "Documentos devolvidos pelo escritório são apagados 7 dias depois da devolução.",
      ],
    },
    {
      title: "Seus direitos",
      paragraphs: [
        "Baixar seus dados: no seu perfil, em 'Meus dados', peça 'Baixar meus dados'. Você recebe por e-mail " +
          "um link, que funciona uma vez, para um arquivo ZIP com tudo o que o Bloco guarda sobre você como " +
          "pessoa. Os arquivos dos documentos não vão junto: são registros da empresa.",
        "Excluir sua conta: no seu perfil, em 'Meus dados', 'Excluir minha conta'. Seu nome, e-mail, telefone, " +
          "CPF e foto são apagados para sempre, também dos e-mails e convites; não guardamos nenhuma chave " +
          "para recuperá-los. Os lançamentos que você fez continuam nos livros, como 'Usuário removido'.",
        "Quem é o único proprietário de um escritório ou empresa, ou responsável por algum cliente, precisa " +
          "antes passar essa função a outra pessoa.",
        "Quando alguém sai de um escritório, o proprietário pode apagar os dados pessoais dessa pessoa.",
      ],
    },
    {
      title: "Com quem compartilhamos",
      paragraphs: [
        "Os documentos de uma empresa são vistos pela própria empresa e pelas pessoas do escritório de " +
          "contabilidade que atendem essa empresa. Não vendemos nem cedemos seus dados.",
      ],
    },
  ],
  pageContact: "Dúvidas sobre os seus dados? Fale com o escritório de contabilidade que atende a sua empresa.",
  pageBack: "Voltar ao início",
};
