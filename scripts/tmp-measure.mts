import sharp from "sharp";
import { readDocumentCodes } from "@/server/fiscal/read-codes";
import { readPageText, stopOcr } from "@/server/fiscal/ocr";
import { processImage } from "@/server/images/pipeline";
const width=1000,height=750;
for (let index=0;index<4;index++){
  const pixels = Buffer.alloc(width * height * 3);
  const tint = (index * 47) % 255;
  for (let y = 0; y < height; y += 1) for (let x = 0; x < width; x += 1) {
    const at = (y * width + x) * 3; const band = x > width * 0.25 && x < width * 0.75 ? 60 : 0;
    const noise = Math.floor(Math.random() * 24);
    pixels[at] = (x * 255) / width - band + noise; pixels[at + 1] = (y * 255) / height - band + noise; pixels[at + 2] = tint + noise;
  }
  const jpg = await sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 88 }).toBuffer();
  const img = await processImage(jpg);
  const body = (img as any).display?.body ?? (img as any).display ?? jpg;
  let t=performance.now(); const cpu0=process.cpuUsage();
  const r = await readDocumentCodes(Buffer.isBuffer(body)?body:jpg, { today: "2026-11-30", budgetMs: 4000 });
  const t1=performance.now();
  const o = await readPageText(Buffer.isBuffer(body)?body:jpg, "2026-11-30");
  const t2=performance.now();
  console.log(index, "codes", (t1-t).toFixed(0), r.length, "ocr", (t2-t1).toFixed(0), JSON.stringify(o)?.slice(0,80), "cpu ms", (process.cpuUsage(cpu0).user/1000).toFixed(0));
}
await stopOcr();
