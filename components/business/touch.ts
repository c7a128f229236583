// Business screens are used from phones: the shared form controls they reuse (40 px selects and search
// boxes, 32 px toggles, the account rows) grow to at least 44 px inside a container with this class.
export const TOUCH_TARGETS =
  "[&_select]:h-5.5 [&_input[type=search]]:h-5.5 [&_[aria-pressed]]:h-5.5 [&_h3>button]:min-h-5.5";
