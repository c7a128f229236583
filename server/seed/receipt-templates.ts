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

// One template a row: its header, its foot and account, its items.
type ItemRow = [description: string, quantity: number, unitCents: number];
type TemplateRow = [
  head: [layout: ReceiptLayout, title: string, issuer: string, issuerCnpj: string],
  foot: [address: string, payment: string, accountCode: string],
  items: ItemRow[],
];

const TEMPLATE_ROWS: readonly TemplateRow[] = [
  [
    ["cupom", "CUPOM FISCAL ELETRÔNICO - SAT", "SUPERMERCADO BOA COMPRA LTDA", "52601815000120"],
    ["Av. Rio Branco, 1200 - Centro, São Paulo/SP", "Cartão de Débito", "4.2.02.008"],
    [
      ["DETERGENTE LIQ 500ML", 6, 289],
      ["PAPEL TOALHA C/2", 4, 749],
      ["AGUA SANITARIA 2L", 3, 699],
      ["SACO LIXO 100L C/10", 2, 1590],
    ],
  ],
  [
    ["cupom", "NFC-e - NOTA FISCAL DE CONSUMIDOR", "AUTO POSTO ESTRELA DO SUL LTDA", "90830166000128"],
    ["Rod. Anhanguera, km 22 - Osasco/SP", "Cartão de Crédito", "4.2.02.011"],
    [["GASOLINA COMUM (L)", 42, 629]],
  ],
  [
    ["boleto", "CONTA DE ENERGIA ELÉTRICA", "COMPANHIA PAULISTA DE ENERGIA S.A.", "13186091000143"],
    ["Consumo: 1.240 kWh - Bandeira Amarela", "Boleto bancário", "4.2.02.004"],
    [
      ["Consumo ativo", 1, 98740],
      ["Adicional bandeira", 1, 2318],
      ["Contrib. iluminação pública", 1, 2245],
    ],
  ],
  [
    ["boleto", "CONTA DE ÁGUA E ESGOTO", "SANEAMENTO BÁSICO MUNICIPAL S.A.", "39099603000128"],
    ["Consumo: 38 m³ - Categoria Comercial", "Débito automático", "4.2.02.005"],
    [
      ["Água", 1, 21430],
      ["Esgoto", 1, 17144],
    ],
  ],
  [
    ["boleto", "FATURA TELEFONE E INTERNET", "CONECTA TELECOMUNICAÇÕES LTDA", "08246281000179"],
    ["Plano Empresa Fibra 500 Mega + 2 linhas", "Boleto bancário", "4.2.02.006"],
    [
      ["Internet fibra 500 Mega", 1, 19990],
      ["Linhas móveis empresariais", 2, 6990],
    ],
  ],
  [
    ["recibo", "RECIBO DE ALUGUEL", "IMOBILIÁRIA CASA FORTE LTDA", "94821993000106"],
    ["Imóvel: Rua Augusta, 1508 - Loja 2 - São Paulo/SP", "Transferência PIX", "4.2.02.001"],
    [
      ["Aluguel do mês", 1, 450000],
      ["Taxa de administração", 1, 22500],
    ],
  ],
  [
    ["cupom", "NFC-e - NOTA FISCAL DE CONSUMIDOR", "PAPELARIA LÁPIS DE COR LTDA", "51819093000111"],
    ["Rua Direita, 85 - Sé, São Paulo/SP", "Dinheiro", "4.2.02.007"],
    [
      ["PAPEL A4 RESMA 500F", 5, 2890],
      ["CANETA ESFEROGRAFICA AZ", 12, 190],
      ["GRAMPEADOR 26/6", 1, 3450],
      ["PASTA AZ LOMBO LARGO", 4, 1690],
    ],
  ],
  [
    ["cupom", "DANFE NF-e - NOTA FISCAL ELETRÔNICA", "MOINHO TRIGO DOURADO IND. E COM. LTDA", "78657975000184"],
    ["Rod. dos Bandeirantes, km 68 - Jundiaí/SP", "Boleto 28 dias", "4.1.01.001"],
    [
      ["FARINHA TRIGO ESPECIAL 25KG", 20, 8950],
      ["FERMENTO BIOLOGICO 500G", 10, 1290],
      ["ACUCAR REFINADO 5KG", 8, 2490],
    ],
  ],
  [
    ["recibo", "ORDEM DE SERVIÇO / RECIBO", "REFRIGERAÇÃO POLO NORTE LTDA", "43231948000160"],
    ["Rua dos Andradas, 410 - Santa Ifigênia, São Paulo/SP", "Transferência PIX", "4.2.02.010"],
    [
      ["Manutenção câmara fria", 1, 68000],
      ["Gás refrigerante R404A (kg)", 3, 9500],
    ],
  ],
  [
    ["cupom", "NFC-e - NOTA FISCAL DE CONSUMIDOR", "RESTAURANTE TEMPERO MINEIRO LTDA", "75749118000116"],
    ["Rua Bela Cintra, 920 - Consolação, São Paulo/SP", "Cartão de Crédito", "4.2.02.017"],
    [
      ["PRATO EXECUTIVO", 4, 3290],
      ["SUCO NATURAL 500ML", 4, 990],
      ["TAXA DE SERVICO 10%", 1, 1712],
    ],
  ],
  [
    ["boleto", "DAS - DOCUMENTO DE ARRECADAÇÃO DO SIMPLES NACIONAL", "RECEITA FEDERAL DO BRASIL", "00394460005887"],
    ["Período de apuração: mês anterior", "Débito em conta", "2.1.04.001"],
    [["Simples Nacional - Anexo I", 1, 284315]],
  ],
  [
    ["recibo", "RECIBO DE HONORÁRIOS CONTÁBEIS", "ESCRITÓRIO DEMO SERVIÇOS CONTÁBEIS LTDA", "62527601000104"],
    ["Av. Paulista, 1578 - Bela Vista, São Paulo/SP", "Boleto bancário", "4.2.02.013"],
    [["Honorários contábeis mensais", 1, 89000]],
  ],
];

export const RECEIPT_TEMPLATES: readonly ReceiptTemplate[] = TEMPLATE_ROWS.map(
  ([[layout, title, issuer, issuerCnpj], [address, payment, accountCode], items]) => ({
    layout,
    title,
    issuer,
    issuerCnpj,
    address,
    items: items.map(([description, quantity, unitCents]) => ({ description, quantity, unitCents })),
    payment,
    accountCode,
  }),
);

export function templateTotalCents(template: ReceiptTemplate): number {
  return template.items.reduce((sum, item) => sum + item.quantity * item.unitCents, 0);
}
