// The dozen documents a small Brazilian business photographs every month. The seed renders each once
// and reuses the picture across blocks; `accountCode` is the account an operator would pick for it.
export type ReceiptLayout = "cupom" | "boleto" | "recibo";
export type ReceiptItem = { description: string; quantity: number; unitCents: number };

export type ReceiptTemplate = {
  layout: ReceiptLayout;
  title: string;
  issuer: string;
  issuerCnpj: string; // digits
  address: string;
  items: readonly ReceiptItem[];
  payment: string;
  accountCode: string;
};

export const RECEIPT_TEMPLATES: readonly ReceiptTemplate[] = [
  {
    layout: "cupom",
    title: "CUPOM FISCAL ELETRÔNICO - SAT",
    issuer: "SUPERMERCADO BOA COMPRA LTDA",
    issuerCnpj: "52601815000120",
    address: "Av. Rio Branco, 1200 - Centro, São Paulo/SP",
    items: [
      { description: "DETERGENTE LIQ 500ML", quantity: 6, unitCents: 289 },
      { description: "PAPEL TOALHA C/2", quantity: 4, unitCents: 749 },
      { description: "AGUA SANITARIA 2L", quantity: 3, unitCents: 699 },
      { description: "SACO LIXO 100L C/10", quantity: 2, unitCents: 1590 },
    ],
    payment: "Cartão de Débito",
    accountCode: "4.2.02.008",
  },
  {
    layout: "cupom",
    title: "NFC-e - NOTA FISCAL DE CONSUMIDOR",
    issuer: "AUTO POSTO ESTRELA DO SUL LTDA",
    issuerCnpj: "90830166000128",
    address: "Rod. Anhanguera, km 22 - Osasco/SP",
    items: [{ description: "GASOLINA COMUM (L)", quantity: 42, unitCents: 629 }],
    payment: "Cartão de Crédito",
    accountCode: "4.2.02.011",
  },
  {
    layout: "boleto",
    title: "CONTA DE ENERGIA ELÉTRICA",
    issuer: "COMPANHIA PAULISTA DE ENERGIA S.A.",
    issuerCnpj: "13186091000143",
    address: "Consumo: 1.240 kWh - Bandeira Amarela",
    items: [
      { description: "Consumo ativo", quantity: 1, unitCents: 98740 },
      { description: "Adicional bandeira", quantity: 1, unitCents: 2318 },
      { description: "Contrib. iluminação pública", quantity: 1, unitCents: 2245 },
    ],
    payment: "Boleto bancário",
    accountCode: "4.2.02.004",
  },
  {
    layout: "boleto",
    title: "CONTA DE ÁGUA E ESGOTO",
    issuer: "SANEAMENTO BÁSICO MUNICIPAL S.A.",
    issuerCnpj: "39099603000128",
    address: "Consumo: 38 m³ - Categoria Comercial",
    items: [
      { description: "Água", quantity: 1, unitCents: 21430 },
      { description: "Esgoto", quantity: 1, unitCents: 17144 },
    ],
    payment: "Débito automático",
    accountCode: "4.2.02.005",
  },
  {
    layout: "boleto",
    title: "FATURA TELEFONE E INTERNET",
    issuer: "CONECTA TELECOMUNICAÇÕES LTDA",
    issuerCnpj: "08246281000179",
    address: "Plano Empresa Fibra 500 Mega + 2 linhas",
    items: [
      { description: "Internet fibra 500 Mega", quantity: 1, unitCents: 19990 },
      { description: "Linhas móveis empresariais", quantity: 2, unitCents: 6990 },
    ],
    payment: "Boleto bancário",
    accountCode: "4.2.02.006",
  },
  {
    layout: "recibo",
    title: "RECIBO DE ALUGUEL",
    issuer: "IMOBILIÁRIA CASA FORTE LTDA",
    issuerCnpj: "94821993000106",
    address: "Imóvel: Rua Augusta, 1508 - Loja 2 - São Paulo/SP",
    items: [
      { description: "Aluguel do mês", quantity: 1, unitCents: 450000 },
      { description: "Taxa de administração", quantity: 1, unitCents: 22500 },
    ],
    payment: "Transferência PIX",
    accountCode: "4.2.02.001",
  },
  {
    layout: "cupom",
    title: "NFC-e - NOTA FISCAL DE CONSUMIDOR",
    issuer: "PAPELARIA LÁPIS DE COR LTDA",
    issuerCnpj: "51819093000111",
    address: "Rua Direita, 85 - Sé, São Paulo/SP",
    items: [
      { description: "PAPEL A4 RESMA 500F", quantity: 5, unitCents: 2890 },
      { description: "CANETA ESFEROGRAFICA AZ", quantity: 12, unitCents: 190 },
      { description: "GRAMPEADOR 26/6", quantity: 1, unitCents: 3450 },
      { description: "PASTA AZ LOMBO LARGO", quantity: 4, unitCents: 1690 },
    ],
    payment: "Dinheiro",
    accountCode: "4.2.02.007",
  },
  {
    layout: "cupom",
    title: "DANFE NF-e - NOTA FISCAL ELETRÔNICA",
    issuer: "MOINHO TRIGO DOURADO IND. E COM. LTDA",
    issuerCnpj: "78657975000184",
    address: "Rod. dos Bandeirantes, km 68 - Jundiaí/SP",
    items: [
      { description: "FARINHA TRIGO ESPECIAL 25KG", quantity: 20, unitCents: 8950 },
      { description: "FERMENTO BIOLOGICO 500G", quantity: 10, unitCents: 1290 },
      { description: "ACUCAR REFINADO 5KG", quantity: 8, unitCents: 2490 },
    ],
    payment: "Boleto 28 dias",
    accountCode: "4.1.01.001",
  },
  {
    layout: "recibo",
    title: "ORDEM DE SERVIÇO / RECIBO",
    issuer: "REFRIGERAÇÃO POLO NORTE LTDA",
    issuerCnpj: "43231948000160",
    address: "Rua dos Andradas, 410 - Santa Ifigênia, São Paulo/SP",
    items: [
      { description: "Manutenção câmara fria", quantity: 1, unitCents: 68000 },
      { description: "Gás refrigerante R404A (kg)", quantity: 3, unitCents: 9500 },
    ],
    payment: "Transferência PIX",
    accountCode: "4.2.02.010",
  },
  {
    layout: "cupom",
    title: "NFC-e - NOTA FISCAL DE CONSUMIDOR",
    issuer: "RESTAURANTE TEMPERO MINEIRO LTDA",
    issuerCnpj: "75749118000116",
    address: "Rua Bela Cintra, 920 - Consolação, São Paulo/SP",
    items: [
      { description: "PRATO EXECUTIVO", quantity: 4, unitCents: 3290 },
      { description: "SUCO NATURAL 500ML", quantity: 4, unitCents: 990 },
      { description: "TAXA DE SERVICO 10%", quantity: 1, unitCents: 1712 },
    ],
    payment: "Cartão de Crédito",
    accountCode: "4.2.02.017",
  },
  {
    layout: "boleto",
    title: "DAS - DOCUMENTO DE ARRECADAÇÃO DO SIMPLES NACIONAL",
    issuer: "RECEITA FEDERAL DO BRASIL",
    issuerCnpj: "00394460005887",
    address: "Período de apuração: mês anterior",
    items: [{ description: "Simples Nacional - Anexo I", quantity: 1, unitCents: 284315 }],
    payment: "Débito em conta",
    accountCode: "2.1.04.001",
  },
  {
    layout: "recibo",
    title: "RECIBO DE HONORÁRIOS CONTÁBEIS",
    issuer: "ESCRITÓRIO DEMO SERVIÇOS CONTÁBEIS LTDA",
    issuerCnpj: "62527601000104",
    address: "Av. Paulista, 1578 - Bela Vista, São Paulo/SP",
    items: [{ description: "Honorários contábeis mensais", quantity: 1, unitCents: 89000 }],
    payment: "Boleto bancário",
    accountCode: "4.2.02.013",
  },
];

export function templateTotalCents(template: ReceiptTemplate): number {
  return template.items.reduce((sum, item) => sum + item.quantity * item.unitCents, 0);
}
