// The permission matrix over the route tree, part 2 of 3 (each part on its own
// database, in parallel). The endpoints are read from app/api/**/route.ts; the expectations are the
// hand-written table of permission-matrix.table.ts, one status per actor; every cell calls the real
// handler with a request valid for the route (permission-matrix.world.ts). Part 1 also fails when a
// route has no row or a row names a route that is gone.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "bloco-matrix-2-"));

import { describeMatrixPart } from "./permission-matrix.world";

describeMatrixPart(1, 3);
