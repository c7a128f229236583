// The resilience suite measures logins at the production cost of a password hash: its builders' users
// are hashed at the default N, not the cheap one tests/helpers/env.ts gives the other suites.
process.env.PASSWORD_HASH_LOG_N = "15";
