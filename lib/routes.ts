import { isChosenPlatform, type Platform } from "@/lib/platform";

// The route table of spec §2 as data, and the pure decision the client-side guard applies. The guard
// only shapes navigation (tokens live in localStorage); the API enforces every permission.

export type RouteAccess =
  | "public" // landing, sign-up, login: a logged-in user is sent to /home
  | "open" // mobile contabilization and e-mailed links: no login, and no redirect either (a token is the key)
  | "login" // any logged-in user
  | "accounting" // platform accounting only
  | "business" // platform bussiness only
  | "internal"; // the theme screen: served as is

export type RouteEntry = {
  path: string;
  access: RouteAccess;
  /** Sub-paths belong to this entry too (the mobile link token travels after 'mobile/'). */
  prefix?: boolean;
};

export const HOME_PATH = "/home";
export const LOGIN_PATH = "/login";

export const ROUTES: readonly RouteEntry[] = [
  { path: "/", access: "public" },
  { path: "/register", access: "public" },
  { path: LOGIN_PATH, access: "public" },
  { path: HOME_PATH, access: "login" },
  { path: "/home/client", access: "accounting" },
  { path: "/home/client/categorization", access: "accounting" },
  { path: "/home/client/contabilization", access: "accounting" },
  { path: "/home/client/contabilization/mobile", access: "open", prefix: true },
  { path: "/createblock", access: "business" },
  { path: "/importxml", access: "business" },
  { path: "/pendencyblock", access: "business" },
  { path: "/sentblock", access: "business" },
  { path: "/devolveds", access: "business" },
  { path: "/colorlab", access: "internal" },
  { path: "/dev/outbox", access: "internal" }, // mail waiting to be sent; the API answers 404 in production
  // E-mailed links (invite, password reset, unsubscribe): the token after the path is the key, so a logged-in user
  // opening one is not sent home.
  { path: "/convite", access: "open", prefix: true },
  { path: "/redefinir-senha", access: "open", prefix: true },
  { path: "/descadastrar", access: "open", prefix: true }, // a notification e-mail's unsubscribe link
  { path: "/meus-dados", access: "open", prefix: true }, // 'Baixar meus dados': the e-mailed one-time link
  // What Bloco keeps and why: readable by anyone, logged in or not.
  { path: "/privacidade", access: "open" },
];

export type AuthState = { loggedIn: boolean; platform: Platform | null };
export type RouteDecision = { allow: true } | { redirect: string };

const ALLOW: RouteDecision = { allow: true };

/** '/home/?x=1#y' → '/home': the table speaks of paths only. */
export function normalizePath(path: string): string {
  const bare = path.split(/[?#]/, 1)[0] || "/";
  const withSlash = bare.startsWith("/") ? bare : `/${bare}`;
  const trimmed = withSlash.replace(/\/+$/, "");
  return trimmed === "" ? "/" : trimmed.replace(/\/{2,}/g, "/");
}

export function findRoute(path: string): RouteEntry | null {
  const normalized = normalizePath(path);
  return (
    ROUTES.find(
      (route) => route.path === normalized || (route.prefix === true && normalized.startsWith(`${route.path}/`)),
    ) ?? null
  );
}

/**
 * Where may this visitor be? Public pages send logged-in users home; guarded pages send anonymous users
 * to /login; a page of the other platform sends the user home; unknown paths go to /login.
 */
export function resolveRoute(path: string, state: AuthState): RouteDecision {
  const route = findRoute(path);
  if (!route) return { redirect: LOGIN_PATH };
  // 'not-choosed' (or no platform) is logged out, whatever the tokens say (spec §4).
  const loggedIn = state.loggedIn && isChosenPlatform(state.platform);

  switch (route.access) {
    case "open":
    case "internal":
      return ALLOW;
    case "public":
      return loggedIn ? { redirect: HOME_PATH } : ALLOW;
    case "login":
      return loggedIn ? ALLOW : { redirect: LOGIN_PATH };
    case "accounting":
      if (!loggedIn) return { redirect: LOGIN_PATH };
      return state.platform === "accounting" ? ALLOW : { redirect: HOME_PATH };
    case "business":
      if (!loggedIn) return { redirect: LOGIN_PATH };
      return state.platform === "bussiness" ? ALLOW : { redirect: HOME_PATH };
  }
}
