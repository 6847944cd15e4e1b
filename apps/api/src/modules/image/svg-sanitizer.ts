import sanitizeHtml, { type IOptions } from 'sanitize-html';

/*
 * An SVG loaded by POST/GET /image/load-svg is put inside the storefront's pages, so it goes
 * through an allow-list first: shapes, gradients, filters, text and presentation attributes stay;
 * scripts, foreignObject (a door back to HTML), style elements (their rules would apply to the
 * whole page), animations (they can rewrite a link), event handlers and links out of the picture
 * are removed, whatever their letter case.
 */

const SVG_ELEMENTS = [
  'svg',
  'g',
  'defs',
  'symbol',
  'use',
  'title',
  'desc',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'textPath',
  'linearGradient',
  'radialGradient',
  'stop',
  'pattern',
  'clipPath',
  'mask',
  'marker',
  'image',
  'filter',
  'feBlend',
  'feColorMatrix',
  'feComponentTransfer',
  'feComposite',
  'feDropShadow',
  'feFlood',
  'feFuncA',
  'feFuncB',
  'feFuncG',
  'feFuncR',
  'feGaussianBlur',
  'feMerge',
  'feMergeNode',
  'feMorphology',
  'feOffset',
  'feTurbulence',
  'feDisplacementMap',
];

/**
 * Presentation properties: allowed both as attributes (fill="…") and as declarations of a style
 * attribute (style="fill: …").
 */
const PRESENTATION_PROPERTIES = [
  'fill',
  'fill-opacity',
  'fill-rule',
  'stroke',
  'stroke-width',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-dasharray',
  'stroke-dashoffset',
  'stroke-miterlimit',
  'stroke-opacity',
  'opacity',
  'color',
  'display',
  'visibility',
  'clip-path',
  'clip-rule',
  'mask',
  'filter',
  'stop-color',
  'stop-opacity',
  'flood-color',
  'flood-opacity',
  'lighting-color',
  'mix-blend-mode',
  'isolation',
  'paint-order',
  'vector-effect',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'font-variant',
  'text-anchor',
  'text-decoration',
  'dominant-baseline',
  'letter-spacing',
  'word-spacing',
  'transform',
  'transform-origin',
];

/** Geometry, text, filter and accessibility attributes; no event handler, no external resource. */
const SVG_ATTRIBUTES = [
  'id',
  'class',
  'xmlns',
  'xmlns:xlink',
  'version',
  'viewBox',
  'preserveAspectRatio',
  'width',
  'height',
  'x',
  'y',
  'x1',
  'y1',
  'x2',
  'y2',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'fx',
  'fy',
  'fr',
  'd',
  'points',
  'pathLength',
  'href',
  'xlink:href',
  'overflow',
  'clipPathUnits',
  'maskUnits',
  'maskContentUnits',
  'filterUnits',
  'primitiveUnits',
  'offset',
  'gradientUnits',
  'gradientTransform',
  'spreadMethod',
  'patternUnits',
  'patternContentUnits',
  'patternTransform',
  'marker-start',
  'marker-mid',
  'marker-end',
  'markerWidth',
  'markerHeight',
  'markerUnits',
  'refX',
  'refY',
  'orient',
  'shape-rendering',
  'alignment-baseline',
  'baseline-shift',
  'writing-mode',
  'dx',
  'dy',
  'rotate',
  'textLength',
  'lengthAdjust',
  'startOffset',
  'xml:space',
  'in',
  'in2',
  'result',
  'mode',
  'operator',
  'k1',
  'k2',
  'k3',
  'k4',
  'stdDeviation',
  'values',
  'type',
  'tableValues',
  'slope',
  'intercept',
  'amplitude',
  'exponent',
  'baseFrequency',
  'numOctaves',
  'seed',
  'stitchTiles',
  'scale',
  'xChannelSelector',
  'yChannelSelector',
  'radius',
  'edgeMode',
  'role',
  'aria-label',
  'aria-labelledby',
  'aria-describedby',
  'aria-hidden',
  'focusable',
  'style',
  ...PRESENTATION_PROPERTIES,
];

/** Elements removed together with everything inside them (names read in lower case). */
const REMOVED_WITH_CONTENT = [
  'script',
  'style',
  'foreignobject',
  'iframe',
  'object',
  'embed',
  'template',
  'noscript',
  'textarea',
  'select',
  'option',
  'animate',
  'animatemotion',
  'animatetransform',
  'set',
  'handler',
  'listener',
];

/** `url(` pointing anywhere but at a `#fragment` of the picture itself. */
const EXTERNAL_REFERENCE = /url\(\s*(?!['"]?\s*#)/i;
const SCRIPTING = /(?:javascript|vbscript)\s*:|expression\s*\(|@import/i;
const FRAGMENT = /^#[A-Za-z_][\w.:-]*$/;
/** Raster pictures embedded in an <image>: they cannot run anything. */
const RASTER_DATA_URL = /^data:image\/(?:png|jpe?g|gif|webp);base64,[A-Za-z0-9+/=\s]+$/;
/** A style value that cannot reach outside the picture nor run anything. */
const SAFE_STYLE_VALUE =
  /^(?![\s\S]*(?:url\(\s*(?!['"]?\s*#)|expression\s*\(|javascript:|@import|\\))[^;{}<>]*$/i;

function keepAttribute(tagName: string, name: string, value: string): boolean {
  const lowerName = name.toLowerCase();
  if (lowerName.startsWith('on')) return false;
  // Filtered declaration by declaration with SAFE_STYLE_VALUE (allowedStyles below).
  if (lowerName === 'style') return true;
  if (lowerName === 'href' || lowerName === 'xlink:href') {
    const target = value.trim();
    return FRAGMENT.test(target) || (tagName === 'image' && RASTER_DATA_URL.test(target));
  }
  return !EXTERNAL_REFERENCE.test(value) && !SCRIPTING.test(value);
}

const SVG_NAME_BY_LOWER_CASE = new Map(SVG_ELEMENTS.map((name) => [name.toLowerCase(), name]));

const svgOptions: IOptions = {
  allowedTags: SVG_ELEMENTS,
  allowedAttributes: { '*': SVG_ATTRIBUTES },
  allowedStyles: {
    '*': Object.fromEntries(
      PRESENTATION_PROPERTIES.map((property) => [property, [SAFE_STYLE_VALUE]]),
    ),
  },
  // Only #fragments and embedded raster pictures are kept (see keepAttribute).
  allowedSchemes: [],
  allowedSchemesByTag: { image: ['data'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: REMOVED_WITH_CONTENT,
  // SVG is XML: <path/> closes itself. Element names are read in lower case, so that <SCRIPT>
  // is recognised as script, and given back their SVG spelling (linearGradient) below.
  parser: { xmlMode: true, lowerCaseTags: true, lowerCaseAttributeNames: false },
  transformTags: {
    '*': (tagName, attribs) => {
      const svgName = SVG_NAME_BY_LOWER_CASE.get(tagName) ?? tagName;
      const kept = Object.fromEntries(
        Object.entries(attribs).filter(([name, value]) => keepAttribute(svgName, name, value)),
      );
      return { tagName: svgName, attribs: kept };
    },
  },
};

/**
 * The sanitized markup of an SVG document, reduced to its `<svg>` element, or null when the
 * document is not an SVG picture.
 */
export function sanitizeSvg(markup: string): string | null {
  // The XML declaration, doctype (with its entity declarations) and comments before the root go.
  const root = markup.search(/<svg[\s>/]/i);
  if (root === -1) return null;
  const cleaned = sanitizeHtml(markup.slice(root), svgOptions).trim();
  if (!/^<svg[\s>]/.test(cleaned) || !cleaned.endsWith('</svg>')) return null;
  return cleaned;
}
