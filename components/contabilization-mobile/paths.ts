// The phone's pages (spec §2): the QR opens MOBILE_PATH/<link>; the address is then replaced by MOBILE_PATH.
export const MOBILE_PATH = "/home/client/contabilization/mobile";
export const MOBILE_LIST_PATH = `${MOBILE_PATH}/list`;
export const MOBILE_HISTORY_PATH = `${MOBILE_PATH}/history`;
