// One-off (kept for reproducibility): draws each demo course its own cover (issue 50, item 6), where every
// course of a category shared one picture. The house style of the pictures before: a dark gradient, soft
// circles on the end side, a line drawing in sand with one coral accent, no lettering (the same picture serves
// the English and the Arabic page). Each course gets a drawing of its own subject and its category's colours,
// shifted per course so neighbours in a grid differ. SVG rendered by sharp (librsvg) to a 640×360 JPEG.
// Usage: npx tsx scripts/demo-covers.ts   (writes public/images/courses/<slug>.jpg)
import { mkdirSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { seedCourses } from "../app/seed/data/courses";

const OUT = path.resolve(import.meta.dirname, "../public/images/courses");
const SAND = "#f1ebe2";
const CORAL = "#f2545b";

/** Two gradient stops per category (start, end), in the site's ink and teal family and a few neighbours. */
const PALETTES: Record<string, [string, string]> = {
  "web-development": ["#1e2a3a", "#2a8a7e"],
  "backend-development": ["#1b2838", "#3b5a8a"],
  "data-science": ["#155e56", "#1e2a3a"],
  "machine-learning": ["#2b2345", "#4d6bb3"],
  "artificial-intelligence": ["#3a2140", "#1f7a70"],
  "cloud-computing": ["#1d3557", "#4a8fb8"],
  "cyber-security": ["#141c26", "#2e5e4e"],
  "mobile-development": ["#23395d", "#7a4f9a"],
  "game-development": ["#3b1f2b", "#b5543c"],
  "software-engineering": ["#2d3142", "#5c7a6b"],
};

// Each drawing sits in a 200×200 box; `s` strokes in sand, `c` is the coral accent.
const line = (colour: string, width = 7) =>
  `fill="none" stroke="${colour}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"`;
const s = line(SAND);
const c = line(CORAL);
const dot = (x: number, y: number, r = 9, colour = SAND) =>
  `<circle cx="${x}" cy="${y}" r="${r}" fill="${colour}"/>`;

const DRAWINGS: Record<string, string> = {
  // An atom: three orbits and a nucleus.
  "react-from-zero-to-production": `<ellipse cx="100" cy="100" rx="90" ry="34" ${s}/><ellipse cx="100" cy="100" rx="90" ry="34" transform="rotate(60 100 100)" ${s}/><ellipse cx="100" cy="100" rx="90" ry="34" transform="rotate(-60 100 100)" ${s}/>${dot(100, 100, 14, CORAL)}`,
  // A page laid out on a grid.
  "modern-css-layouts": `<rect x="15" y="20" width="170" height="160" rx="10" ${s}/><rect x="35" y="40" width="130" height="30" rx="4" ${c}/><rect x="35" y="85" width="60" height="75" rx="4" ${s}/><rect x="105" y="85" width="60" height="32" rx="4" ${s}/><rect x="105" y="128" width="60" height="32" rx="4" ${s}/>`,
  // Braces around a tick: types that check.
  "typescript-for-javascript-developers": `<path d="M60 25 Q35 25 35 50 L35 80 Q35 100 15 100 Q35 100 35 120 L35 150 Q35 175 60 175" ${s}/><path d="M140 25 Q165 25 165 50 L165 80 Q165 100 185 100 Q165 100 165 120 L165 150 Q165 175 140 175" ${s}/><path d="M68 102 L92 126 L134 78" ${c}/>`,
  // A server answering requests.
  "nodejs-rest-apis-with-express": `<rect x="70" y="30" width="110" height="50" rx="8" ${s}/><rect x="70" y="110" width="110" height="50" rx="8" ${s}/>${dot(95, 55, 7, CORAL)}${dot(95, 135, 7)}<path d="M10 70 L50 70 M38 58 L50 70 L38 82" ${s}/><path d="M50 130 L10 130 M22 118 L10 130 L22 142" ${c}/>`,
  // A database with a speed gauge.
  "postgresql-performance-tuning": `<ellipse cx="75" cy="40" rx="55" ry="18" ${s}/><path d="M20 40 L20 150 Q75 180 130 150 L130 40" ${s}/><path d="M20 95 Q75 125 130 95" ${s}/><path d="M120 160 A45 45 0 0 1 190 160" ${s}/><path d="M155 160 L178 130" ${c}/>`,
  // A web form being filled in.
  "django-for-beginners": `<rect x="20" y="15" width="160" height="170" rx="10" ${s}/><path d="M45 50 L155 50" ${s}/><rect x="45" y="70" width="110" height="24" rx="5" ${s}/><rect x="45" y="108" width="110" height="24" rx="5" ${s}/><rect x="95" y="148" width="60" height="22" rx="6" ${c}/>`,
  // A table with one column picked out.
  "data-analysis-with-python-and-pandas": `<rect x="15" y="25" width="170" height="150" rx="8" ${s}/><path d="M15 62 L185 62 M15 100 L185 100 M15 138 L185 138 M72 25 L72 175 M128 25 L128 175" ${s}/><rect x="128" y="62" width="57" height="113" fill="${CORAL}" opacity="0.85"/>`,
  // A database under a magnifying glass.
  "sql-for-data-analysts": `<ellipse cx="80" cy="45" rx="55" ry="18" ${s}/><path d="M25 45 L25 140 Q80 170 135 140 L135 45" ${s}/><circle cx="135" cy="125" r="32" ${c}/><path d="M158 148 L188 178" ${c}/>`,
  // A pie chart with a slice pulled out.
  "data-visualization-and-storytelling": `<path d="M95 105 L95 25 A80 80 0 1 0 170 130 Z" ${s}/><path d="M110 92 L185 118 A80 80 0 0 0 110 12 Z" fill="${CORAL}"/>`,
  // Points and the line fitted through them.
  "machine-learning-foundations-scikit-learn": `<path d="M20 20 L20 180 L185 180" ${s}/>${dot(50, 150)}${dot(70, 120)}${dot(95, 128)}${dot(110, 90)}${dot(135, 95)}${dot(150, 60)}${dot(170, 50)}<path d="M35 165 L185 35" ${c}/>`,
  // Layers of a neural network.
  "deep-learning-with-pytorch": `<path d="M30 50 L100 30 M30 50 L100 100 M30 50 L100 170 M30 150 L100 30 M30 150 L100 100 M30 150 L100 170 M100 30 L170 100 M100 100 L170 100 M100 170 L170 100" ${line(SAND, 4)}/>${dot(30, 50, 13)}${dot(30, 150, 13)}${dot(100, 30, 13)}${dot(100, 100, 13)}${dot(100, 170, 13)}${dot(170, 100, 15, CORAL)}`,
  // A model in a loop: deploy, watch, retrain.
  "mlops-deploying-and-monitoring-models": `<path d="M40 100 A60 60 0 0 1 150 60" ${s}/><path d="M150 60 L152 30 M150 60 L122 52" ${s}/><path d="M160 100 A60 60 0 0 1 50 140" ${c}/><path d="M50 140 L48 170 M50 140 L78 148" ${c}/>${dot(100, 100, 16)}`,
  // A prompt and its answer.
  "prompt-engineering-essentials": `<path d="M20 30 L130 30 Q145 30 145 45 L145 95 Q145 110 130 110 L60 110 L35 135 L40 110 L35 110 Q20 110 20 95 Z" ${s}/><path d="M75 125 L165 125 Q180 125 180 140 L180 165 Q180 180 165 180 L75 180 Q60 180 60 165 L60 140" ${c}/><path d="M45 60 L120 60 M45 82 L100 82" ${line(SAND, 5)}/>`,
  // Documents feeding an answer.
  "building-llm-apps-with-rag": `<path d="M20 20 L80 20 L100 40 L100 120 L20 120 Z" ${s}/><path d="M40 140 L40 180 L120 180 L120 160" ${s}/><path d="M38 55 L80 55 M38 75 L80 75 M38 95 L70 95" ${line(SAND, 5)}/><path d="M115 70 L150 70 M138 58 L150 70 L138 82" ${c}/><circle cx="170" cy="110" r="22" ${c}/>`,
  // Speech, right to left: a bubble whose tail is on the other side.
  "arabic-nlp-fundamentals": `<path d="M180 30 L50 30 Q30 30 30 50 L30 120 Q30 140 50 140 L130 140 L165 170 L160 140 L160 140 Q180 140 180 120 Z" ${s}/>${dot(70, 85, 10, CORAL)}${dot(105, 85, 10)}${dot(140, 85, 10)}`,
  // A cloud.
  "cloud-computing-fundamentals": `<path d="M55 150 Q15 150 15 115 Q15 82 50 80 Q55 40 100 40 Q140 40 150 78 Q185 80 185 115 Q185 150 150 150 Z" ${s}/><path d="M100 170 L100 110 M80 128 L100 108 L120 128" ${c}/>`,
  // Containers stacked.
  "docker-and-kubernetes-in-practice": `<rect x="20" y="110" width="50" height="50" rx="4" ${s}/><rect x="75" y="110" width="50" height="50" rx="4" ${s}/><rect x="130" y="110" width="50" height="50" rx="4" ${s}/><rect x="48" y="55" width="50" height="50" rx="4" ${s}/><rect x="103" y="55" width="50" height="50" rx="4" ${c}/><path d="M10 172 L190 172" ${s}/>`,
  // A cloud with an exam's tick.
  "aws-solutions-architect-associate-prep": `<path d="M45 130 Q10 130 10 100 Q10 72 40 70 Q45 35 85 35 Q120 35 128 68 Q158 70 158 100 Q158 130 128 130 Z" ${s}/><circle cx="150" cy="145" r="35" fill="${CORAL}"/><path d="M133 145 L146 158 L168 132" ${s}/>`,
  // A shield.
  "cybersecurity-awareness-for-everyone": `<path d="M100 15 L170 40 L170 95 Q170 155 100 185 Q30 155 30 95 L30 40 Z" ${s}/><path d="M70 100 L92 122 L135 78" ${c}/>`,
  // A shield over a bug.
  "web-application-security-owasp-top-10": `<path d="M100 15 L170 40 L170 95 Q170 155 100 185 Q30 155 30 95 L30 40 Z" ${s}/><ellipse cx="100" cy="105" rx="22" ry="30" ${c}/><path d="M78 95 L60 85 M78 115 L60 125 M122 95 L140 85 M122 115 L140 125 M100 75 L100 135" ${line(CORAL, 5)}/>`,
  // An open padlock.
  "ethical-hacking-and-penetration-testing": `<rect x="40" y="90" width="120" height="90" rx="12" ${s}/><path d="M70 90 L70 60 Q70 25 105 25 Q135 25 140 55" ${s}/>${dot(100, 128, 12, CORAL)}<path d="M100 138 L100 158" ${c}/>`,
  // A phone with stacked layers.
  "flutter-cross-platform-apps": `<rect x="55" y="10" width="90" height="180" rx="14" ${s}/><path d="M75 70 L105 45 M75 100 L125 55 M75 130 L125 85" ${c}/><path d="M88 172 L112 172" ${s}/>`,
  // A phone with an atom.
  "react-native-essentials": `<rect x="55" y="10" width="90" height="180" rx="14" ${s}/><ellipse cx="100" cy="95" rx="35" ry="13" ${c}/><ellipse cx="100" cy="95" rx="35" ry="13" transform="rotate(60 100 95)" ${c}/><ellipse cx="100" cy="95" rx="35" ry="13" transform="rotate(-60 100 95)" ${c}/><path d="M88 172 L112 172" ${s}/>`,
  // A phone with switches and a slider.
  "ios-development-with-swiftui": `<rect x="55" y="10" width="90" height="180" rx="14" ${s}/><rect x="72" y="40" width="40" height="20" rx="10" ${s}/>${dot(102, 50, 6, CORAL)}<rect x="72" y="75" width="40" height="20" rx="10" ${s}/>${dot(82, 85, 6)}<path d="M72 125 L128 125" ${s}/>${dot(110, 125, 9, CORAL)}`,
  // A game controller.
  "2d-game-development-with-unity": `<path d="M50 60 L150 60 Q185 60 188 110 Q190 160 160 160 Q145 160 135 135 L65 135 Q55 160 40 160 Q10 160 12 110 Q15 60 50 60 Z" ${s}/><path d="M55 90 L55 120 M40 105 L70 105" ${s}/>${dot(140, 95, 9, CORAL)}${dot(158, 115, 9)}`,
  // A pixel creature.
  "make-your-first-game-with-godot": `<path d="M50 60 h20 v20 h60 v-20 h20 v20 h20 v60 h-20 v20 h-20 v-20 h-60 v20 h-20 v-20 h-20 v-60 h20 z" ${s}/><rect x="75" y="95" width="14" height="14" fill="${CORAL}"/><rect x="112" y="95" width="14" height="14" fill="${CORAL}"/>`,
  // Two dice.
  "game-design-fundamentals": `<rect x="20" y="60" width="90" height="90" rx="14" ${s}/>${dot(45, 85)}${dot(85, 125)}${dot(65, 105)}<rect x="100" y="25" width="80" height="80" rx="12" transform="rotate(15 140 65)" ${c}/>`,
  // Branches merging.
  "git-and-github-for-teams": `<path d="M50 20 L50 180" ${s}/><path d="M50 60 Q150 60 150 110 L150 130 Q150 150 50 150" ${c}/>${dot(50, 30, 12)}${dot(50, 60, 12)}${dot(150, 110, 12, CORAL)}${dot(50, 150, 12)}`,
  // Lines of code straightened out.
  "clean-code-and-refactoring": `<path d="M25 40 L110 40 M50 70 L150 70 M50 100 L130 100 M25 130 L95 130" ${s}/><path d="M120 150 L142 172 L185 125" ${c}/>`,
  // A browser driven by a test: a window and a passing tick.
  "testing-web-apps-end-to-end": `<rect x="15" y="25" width="150" height="115" rx="10" ${s}/><path d="M15 55 L165 55" ${s}/>${dot(35, 40, 5, CORAL)}${dot(52, 40, 5)}<path d="M40 85 L120 85 M40 110 L95 110" ${line(SAND, 5)}/><circle cx="150" cy="145" r="35" fill="${CORAL}"/><path d="M133 145 L146 158 L168 132" ${s}/>`,
  // Boxes and the arrows between them.
  "software-architecture-patterns-and-trade-offs": `<rect x="70" y="15" width="60" height="45" rx="6" ${s}/><rect x="15" y="140" width="60" height="45" rx="6" ${s}/><rect x="125" y="140" width="60" height="45" rx="6" ${c}/><path d="M100 60 L100 95 L45 95 L45 140 M100 95 L155 95 L155 140" ${s}/>`,
};

/** A small deterministic number from a text, to vary each cover's circles and gradient angle. */
function hashOf(text: string): number {
  let hash = 2_166_136_261;
  for (const char of text) hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 16_777_619) >>> 0;
  return hash;
}

function coverSvg(slug: string, category: string, indexInCategory: number): string {
  const drawing = DRAWINGS[slug];
  if (!drawing) throw new Error(`no drawing for ${slug}`);
  const [from, to] = PALETTES[category] ?? ["#1e2a3a", "#1f7a70"];
  const hash = hashOf(slug);
  // The three courses of a category: the gradient turns and its stops swap, so neighbours differ.
  const angle = [20, 160, 90][indexInCategory % 3] ?? 20;
  const [start, end] = indexInCategory % 2 === 1 ? [to, from] : [from, to];
  const cx = 480 + (hash % 40);
  const cy = 160 + ((hash >>> 8) % 50);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360" viewBox="0 0 640 360">
  <defs><linearGradient id="g" gradientTransform="rotate(${angle} 0.5 0.5)"><stop offset="0" stop-color="${start}"/><stop offset="1" stop-color="${end}"/></linearGradient></defs>
  <rect width="640" height="360" fill="url(#g)"/>
  <circle cx="${cx}" cy="${cy}" r="170" fill="#ffffff" opacity="0.05"/>
  <circle cx="${cx}" cy="${cy}" r="120" fill="#ffffff" opacity="0.06"/>
  <circle cx="${90 + (hash % 120)}" cy="${300 - ((hash >>> 4) % 60)}" r="${40 + (hash % 30)}" fill="#ffffff" opacity="0.04"/>
  <g transform="translate(${cx - 100} ${cy - 100})">${drawing}</g>
</svg>`;
}

mkdirSync(OUT, { recursive: true });
const seenInCategory = new Map<string, number>();
for (const course of seedCourses) {
  const index = seenInCategory.get(course.category) ?? 0;
  seenInCategory.set(course.category, index + 1);
  const file = path.join(OUT, `${course.slug}.jpg`);
  await sharp(Buffer.from(coverSvg(course.slug, course.category, index)))
    .jpeg({ quality: 82, mozjpeg: true })
    .toFile(file);
  console.log(path.relative(process.cwd(), file));
}
