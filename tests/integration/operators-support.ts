// Shared fixtures of the operators-*.test.ts files (not a test file itself: jest matches *.test.ts).
import { POST as tokenPost } from "@/app/api/token/route";
import { GET as meGet } from "@/app/api/me/route";
import {
  createAccountingOperator,
  createClient,
  createClientOperator,
  createOffice,
  type ClientOperatorWithUser,
  type OperatorWithUser,
} from "../helpers/factories";
import { call } from "../helpers/http";

export type Pair = { access: string; refresh: string; isAccouting: boolean; isBussiness: boolean };

export async function login(email: string, password = "demo1234"): Promise<string> {
  const res = await call<Pair>(tokenPost, { body: { username: email, password } });
  if (res.status !== 200 || !res.json.data) throw new Error(`login of ${email} failed: ${JSON.stringify(res.json)}`);
  return res.json.data.access;
}

export const me = (token?: string) => call(meGet, { token });

export type World = {
  ownerA: OperatorWithUser;
  adminA: OperatorWithUser;
  regularA: OperatorWithUser;
  regular2A: OperatorWithUser;
  ownerB: OperatorWithUser;
  clientOwnerA1: ClientOperatorWithUser;
  clientAdminA1: ClientOperatorWithUser;
  clientRegularA1: ClientOperatorWithUser;
  clientRegular2A1: ClientOperatorWithUser;
  clientOwnerA2: ClientOperatorWithUser;
};

export type Who = keyof World;

/** Office A (owner 0, admin 1, two regulars 2) with clients A1 and A2, office B with its owner. */
export async function buildWorld(): Promise<World> {
  const officeA = await createOffice();
  const officeB = await createOffice();
  const ownerA = await createAccountingOperator({ office: officeA, type: 0, user: { name: "Ana Dona" } });
  const adminA = await createAccountingOperator({ office: officeA, type: 1, user: { name: "Bruno Admin" } });
  const regularA = await createAccountingOperator({ office: officeA, type: 2, user: { name: "carla Regular" } });
  const regular2A = await createAccountingOperator({ office: officeA, type: 2, user: { name: "Diego Regular" } });
  const ownerB = await createAccountingOperator({ office: officeB, type: 0 });
  const clientA1 = await createClient({ office: officeA, responsible: ownerA });
  const clientA2 = await createClient({ office: officeA, responsible: regularA });
  return {
    ownerA,
    adminA,
    regularA,
    regular2A,
    ownerB,
    clientOwnerA1: await createClientOperator({ client: clientA1, type: 0 }),
    clientAdminA1: await createClientOperator({ client: clientA1, type: 1 }),
    clientRegularA1: await createClientOperator({ client: clientA1, type: 2 }),
    clientRegular2A1: await createClientOperator({ client: clientA1, type: 2 }),
    clientOwnerA2: await createClientOperator({ client: clientA2, type: 0 }),
  };
}
