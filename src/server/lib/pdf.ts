import fs from 'node:fs';
import { createRequire } from 'node:module';
import pdfmake from 'pdfmake';

/**
 * pdfmake with DejaVu embedded from the `dejavu-fonts-ttf` package, so no system font is needed and every
 * name prints; fonts come from its in-memory file system, and the URL and local file policies refuse
 * everything, so no document can make the server read a file or a URL. Documents use `font: 'DejaVu'`.
 */
const require = createRequire(import.meta.url);
const FONT_FILES = { normal: 'DejaVuSans.ttf', bold: 'DejaVuSans-Bold.ttf', italics: 'DejaVuSans-Oblique.ttf', bolditalics: 'DejaVuSans-BoldOblique.ttf' };

let configured = false;
export function pdfPrinter(): typeof pdfmake {
  if (!configured) {
    for (const file of Object.values(FONT_FILES)) pdfmake.virtualfs.writeFileSync(file, fs.readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`)));
    pdfmake.setFonts({ DejaVu: FONT_FILES });
    pdfmake.setUrlAccessPolicy(() => false);
    pdfmake.setLocalAccessPolicy(() => false);
    configured = true;
  }
  return pdfmake;
}
