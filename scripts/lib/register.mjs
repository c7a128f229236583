// The /register wizard's second slide ('Dados da empresa'), filled the same way by the screenshot scripts
// that walk through it.

/** Fills 'Dados da empresa': `name`, `cnpj`, the contact e-mail when given (else the ?email= one), phone and address. */
export async function fillCompanySlide(page, { name, cnpj, email }) {
  await page.getByLabel("Nome da empresa").fill(name);
  await page.getByLabel("CNPJ").fill(cnpj);
  if (email) await page.getByLabel("E-mail para contato").fill(email);
  await page.getByLabel("Telefone").fill("11312345678");
  await page.getByLabel("CEP").fill("01310100");
  await page.getByLabel("Rua").fill("Av. Paulista");
  await page.getByLabel("Numero", { exact: true }).fill("1000");
  await page.getByLabel("Bairro").fill("Bela Vista");
  await page.getByLabel("Cidade").fill("São Paulo");
  await page.getByLabel("Estado").fill("SP");
}
