// Settings every test process needs; DATABASE_URL is set per integration test file.
process.env.JWT_SECRET ??= "test-jwt-secret-0123456789abcdef0123456789";
process.env.FILE_URL_SECRET ??= "test-file-secret-0123456789abcdef0123456789";
process.env.DATABASE_URL ??= "postgresql://unset@127.0.0.1:1/unset";
process.env.DATA_DIR ??= ".data/test";
// Under a loaded test machine the hashing limiter would shed parallel logins with 503 (its job in
// production); tests that are not about shedding must not depend on the machine's speed. The tests
// about shedding set their own limits (tests/integration/login-overload.test.ts, tests/resilience).
process.env.PASSWORD_HASH_MAX_WAIT_MS ??= "60000";
// scrypt at N = 2^10 for the hashes the tests make (production: 2^15, server/config.ts): thousands of
// logins and password changes run in the suite, and their cost is not what they test. Hashes keep their
// N, so a login still verifies the hash it is given.
process.env.PASSWORD_HASH_LOG_N ??= "10";
