import sharp from "sharp";
const [src, out, mode] = process.argv.slice(2);
const m = await sharp(src).metadata();
if (mode === "whole") await sharp(src).resize(600).png().toFile(out);
else await sharp(src).extract({ left: Math.round(m.width*0.3), top: Math.round(m.height*0.35), width: 700, height: 500 }).png().toFile(out);
