// An accounting office with N client companies (default 100) for the Lighthouse run of /home: its owner
// logs in with the demo password. Run with the database the app uses:
//   DATABASE_URL=postgresql://… npx tsx --conditions=react-server scripts/lighthouse-office.ts [clients]
// Prints one JSON line: { username, password, officeId, clientId } (clientId: the first client).
import { createClient } from "@/server/seed/builders/clients";
import { createAccountingOperator, createOffice } from "@/server/seed/builders/offices";
import { createUser, DEMO_PASSWORD, uniqueEmail } from "@/server/seed/builders/users";
import { getDb } from "@/server/db/client";

async function main(): Promise<void> {
  const count = Number(process.argv[2] ?? 100);
  const db = getDb();
  const office = await createOffice({ db, name: `Escritório Lighthouse ${Date.now()}` });
  const user = await createUser({
    db,
    email: uniqueEmail("lighthouse"),
    name: "Dona Lighthouse",
    password: DEMO_PASSWORD,
  });
  const owner = await createAccountingOperator({ db, office, type: 0, user });
  const clients = [];
  for (let index = 0; index < count; index++) clients.push(await createClient({ db, office, responsible: owner }));
  console.log(
    JSON.stringify({
      username: user.email,
      password: DEMO_PASSWORD,
      officeId: office.id,
      clientId: clients[0]?.id ?? null,
    }),
  );
  await db.$disconnect();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
