// The pt-BR catalogue's "landing" section (lib/i18n/messages.ts explains the catalogue).
export const landingMessages = {
  login: "Login",
  createAccount: "Criar conta",
  headline: "Documentos contábeis sem papel, sem atraso.",
  text: "O cliente fotografa e envia em blocos; o escritório categoriza e contabiliza.",
  nav: {
    Inicio: "Início",
    ComoFunciona: "Como funciona",
    Vantagens: "Vantagens",
    Recursos: "Recursos",
    CriarConta: "Criar conta",
  },
  navLabel: "Seções da página",
  menu: "Menu",
  eyebrow: "Para escritórios de contabilidade",
  heroText:
    "Chega de caçar nota fiscal no WhatsApp e de receber a pasta de recibos no dia 30. Com o Bloco, " +
    "seus clientes fotografam os comprovantes no celular e enviam em blocos; sua equipe categoriza, " +
    "contabiliza e resolve as pendências em um só lugar.",
  heroPrimary: "Começar agora",
  heroSecondary: "Ver como funciona",
  heroNote: "Sem instalação. Funciona no navegador do computador e do celular.",
  heroCard: {
    title: "Fechamento de outubro",
    client: "Padaria Pão Dourado Ltda.",
    received: "Blocos recebidos",
    uncategorized: "A categorizar",
    pendencies: "Pendências",
    contabilized: "Contabilizados",
  },
  how: {
    title: "Como funciona",
    text: "Do comprovante no bolso do cliente ao lançamento no sistema do escritório, em quatro passos.",
    steps: [
      {
        title: "O cliente fotografa",
        text:
          "Notas, recibos, boletos e extratos: o cliente tira as fotos pelo celular, no momento em que o " +
          "gasto acontece.",
      },
      {
        title: "Envia em blocos",
        text: "Cada bloco reúne as imagens de um mesmo documento e chega na hora ao escritório, organizado por mês.",
      },
      {
        title: "O escritório categoriza",
        text:
          "Sua equipe informa data de pagamento, conta do plano e valor. Se faltar algo, registra uma " +
          "pendência para o cliente.",
      },
      {
        title: "E contabiliza",
        text:
          "Conta por conta, bloco por bloco. Abra o QR code no celular e contabilize com o documento ao " +
          "lado do sistema.",
      },
    ],
    qrTitle: "QR code para o celular",
    qrText:
      "Na tela de contabilização, um QR code leva os blocos da conta para o seu celular: o documento " +
      "fica na mão e a tela do computador livre para o seu sistema contábil.",
  },
  advantages: {
    title: "Vantagens",
    text: "Menos retrabalho para a equipe, menos cobrança para o cliente e um fechamento do mês previsível.",
    items: [
      {
        title: "Fechamento do mês sem correria",
        text:
          "Os documentos chegam ao longo do mês, " +
          "não todos no último dia útil. " +
          "A equipe trabalha no ritmo certo.",
      },
      {
        title: "Pendências com histórico",
        text:
          "Documento ilegível, valor divergente, comprovante faltando: cada pendência fica registrada por " +
          "dia, com observação.",
      },
      {
        title: "Nada se perde",
        text:
          "Chega de papel amassado e de foto perdida na conversa. Cada documento fica guardado com data, " +
          "conta e valor.",
      },
      {
        title: "Equipe alinhada",
        text: "Cada cliente tem um operador responsável, e você compartilha ou transfere clientes quando precisar.",
      },
    ],
  },
  resources: {
    title: "Recursos",
    text: "Tudo o que o escritório e seus clientes precisam para trocar documentos, sem planilhas paralelas.",
    items: [
      {
        title: "Plano de contas por cliente",
        text: "Ative as contas que cada empresa usa; o histórico dos meses anteriores é preservado.",
      },
      {
        title: "Categorização em tela cheia",
        text: "Zoom, navegação entre imagens e busca de conta por código ou descrição.",
      },
      {
        title: "Contabilização guiada",
        text: "Contas com blocos a contabilizar primeiro, próximo bloco com um clique e desfazer quando precisar.",
      },
      {
        title: "Operadores e permissões",
        text: "Proprietário, administradores e operadores, com bloqueio de acesso a qualquer momento.",
      },
      {
        title: "Portal do cliente",
        text: "O cliente envia blocos, acompanha o que foi enviado e responde às pendências do escritório.",
      },
      { title: "Modo escuro", text: "Para quem passa o dia inteiro na frente da tela durante o fechamento." },
    ],
  },
  pricing: {
    title: "Um plano simples",
    text: "Todos os recursos, para o escritório inteiro.",
    plan: "Plano Escritório",
    price: "R$ 49,99",
    period: "por mês",
    features: [
      "Clientes e operadores ilimitados",
      "Envio de blocos pelo celular",
      "Categorização e contabilização",
      "Suporte por e-mail",
    ],
    cta: "Criar conta",
  },
  contact: {
    title: "Fale com a gente",
    text: "Dúvidas sobre o Bloco ou sobre a migração dos seus clientes? Nossa equipe responde.",
    placeholder: "Dados de contato ilustrativos (em breve os definitivos).",
    email: "E-mail",
    emailValue: "contato@exemplo.com.br",
    phone: "Telefone",
    phoneValue: "(00) 0 0000-0000",
    address: "Endereço",
    addressValue: "Rua Exemplo, 000 — Cidade/UF",
  },
  footer: (year: number) => `© ${year} Bloco. Todos os direitos reservados.`,
  dialog: {
    title: "Criar conta",
    text: "Informe o seu e-mail para começar o cadastro do escritório.",
    email: "E-mail",
    close: "Fechar",
  },
} as const;
