// Renders the Vega-Lite specs of ./specs.ts in Node: spec -> SVG with Vega's headless renderer
// (no DOM, no canvas: text widths are estimated), SVG -> PNG with resvg (a prebuilt binary).
// The output format follows the file's extension: .svg or .png.
import { existsSync, readdirSync } from "node:fs";
import { extname, join } from "node:path";
import { InputError } from "../errors.js";
import { checkOutputDir, writeFileAtomic } from "../io.js";
import type { VegaLiteSpec } from "./specs.js";

/** The figure formats `aviary plot` writes. */
export type ImageFormat = "svg" | "png";

/** The format of an output path from its extension; InputError for any other. */
export function imageFormat(path: string): ImageFormat {
  const ext = extname(path).toLowerCase();
  if (ext === ".svg") return "svg";
  if (ext === ".png") return "png";
  throw new InputError(`plot output '${path}': the extension must be .svg or .png${ext ? `, not '${ext}'` : ""}`);
}

/** The plotting libraries are optional peer dependencies of the package (a simulation needs
 *  none of them): each is loaded only when a figure is drawn, and a missing one is one line
 *  naming what to install, said before any work. */
const PLOT_PACKAGES: Record<ImageFormat, string[]> = { svg: ["vega", "vega-lite"], png: ["vega", "vega-lite", "@resvg/resvg-js"] };

/** The packages a figure in `format` needs (or the packages named) that this installation lacks. */
export function missingPlotLibraries(format: ImageFormat, names = PLOT_PACKAGES[format]): string[] {
  return names.filter((name) => {
    try {
      import.meta.resolve(name);
      return false;
    } catch {
      return true;
    }
  });
}

/** InputError naming the packages a figure in `format` needs (or the packages named) and this
 *  installation lacks. */
export function checkPlotLibraries(format: ImageFormat, names = PLOT_PACKAGES[format]): void {
  const missing = missingPlotLibraries(format, names);
  if (missing.length > 0) {
    throw new InputError(`drawing a .${format} figure needs ${missing.join(", ")} (optional dependenc${missing.length === 1 ? "y" : "ies"} of aviary-sim): npm install ${missing.join(" ")}`);
  }
}

/** Checks an output path before any work: a known extension, a place it can be written, and
 *  the plotting libraries installed. */
export function checkImagePath(path: string): ImageFormat {
  const format = imageFormat(path);
  checkOutputDir(path);
  checkPlotLibraries(format);
  return format;
}

/** The SVG text of a Vega-Lite spec. */
export async function renderSvg(spec: VegaLiteSpec): Promise<string> {
  checkPlotLibraries("svg", ["vega", "vega-lite"]);
  const [vega, vegaLite] = await Promise.all([import("vega"), import("vega-lite")]);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const compiled = vegaLite.compile(spec as any).spec;
  const view = new vega.View(vega.parse(compiled), { renderer: "none" });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}

const FONT_DIRS = ["/usr/share/fonts", "/usr/local/share/fonts", "/usr/share/fonts/truetype", "/Library/Fonts",
  "/System/Library/Fonts", "C:\\Windows\\Fonts"];

/** DejaVu Sans (the specs' first font) if installed: its files, searched a few levels deep. */
export function findFontFiles(): string[] {
  const found: string[] = [];
  const walk = (dir: string, depth: number) => {
    let entries: import("node:fs").Dirent[];
    try { entries = readdirSync(dir, { withFileTypes: true }); } catch { return; }
    for (const e of entries) {
      const p = join(dir, e.name);
      if (e.isFile() && /^DejaVuSans(-Bold)?\.ttf$/i.test(e.name)) found.push(p);
      else if (e.isDirectory() && depth < 4) walk(p, depth + 1);
    }
  };
  for (const d of FONT_DIRS) if (existsSync(d)) walk(d, 0);
  return [...new Set(found)];
}

/** PNG bytes of an SVG, at `scale` times its size (2: sharp on screens and in print). */
export async function svgToPng(svg: string, scale = 2): Promise<Buffer> {
  checkPlotLibraries("png", ["@resvg/resvg-js"]);
  const { Resvg } = await import("@resvg/resvg-js");
  const fontFiles = findFontFiles();
  if (fontFiles.length === 0) {
    throw new InputError("no DejaVu Sans font found to draw the PNG's text (install it: apt-get install fonts-dejavu-core); an .svg output needs no font");
  }
  const resvg = new Resvg(svg, {
    fitTo: { mode: "zoom", value: scale },
    background: "white",
    font: { fontFiles, loadSystemFonts: true, defaultFontFamily: "DejaVu Sans", sansSerifFamily: "DejaVu Sans" },
  });
  return resvg.render().asPng();
}


/** Renders `spec` to `path` as SVG or PNG (by extension), atomically. */
export async function renderToFile(spec: VegaLiteSpec, path: string): Promise<void> {
  const format = checkImagePath(path);
  const svg = await renderSvg(spec);
  writeFileAtomic(path, format === "svg" ? svg : await svgToPng(svg));
}
