import { operatorPhotoBody } from "@/lib/contract/operators";
import { route } from "@/server/http/route";
import { updatePhoto } from "@/server/operators/update-photo";

// A 16 MiB data URL plus the JSON around it.
const PHOTO_MAX_BYTES = 17 * 1024 * 1024;

// POST /api/operator/update/photo — replaces the caller's avatar
export const POST = route({ body: operatorPhotoBody, maxBytes: PHOTO_MAX_BYTES }, ({ actor, body }) => updatePhoto({ actor, body }));
