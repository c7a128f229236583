import { decodeSegment } from "@/lib/path-segment";

describe("decodeSegment", () => {
  test.each([
    ["abc-XYZ_09", "abc-XYZ_09"],
    ["a%2Db", "a-b"],
    ["%25E0", "%E0"],
    ["%E0%A4%A", "%E0%A4%A"],
    ["%", "%"],
    ["%zz", "%zz"],
  ])("%s → %s", (segment, token) => {
    expect(decodeSegment(segment)).toBe(token);
  });
});
