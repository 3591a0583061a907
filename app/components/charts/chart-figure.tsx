// A chart drawn from geometry the loader computed (app/analytics/charts.server.ts): server-rendered SVG that
// needs no JavaScript and no charting code in the browser, with its figures as a real table for screen
// readers and for anyone who wants exact numbers.
import type { ChartModel } from "../../analytics/chart-model";

// The palette of app/app.css: teal bars (5.2:1 on white), a coral-600 line over a light coral area.
const TEAL = "#1f7a70";
const CORAL = "#c8363e";

export function ChartFigure({
  model,
  narrow,
  title,
  summary,
  periodHeading,
  valueHeading,
  showTable,
  testId,
}: {
  model: ChartModel;
  /** The same chart drawn for a phone's width. */
  narrow: ChartModel;
  title: string;
  /** One sentence for the image's accessible name, e.g. "Enrollments per day, 12 in total". */
  summary: string;
  periodHeading: string;
  valueHeading: string;
  showTable: string;
  testId: string;
}) {
  return (
    <figure className="rounded-xl border border-ink/10 bg-white p-4 shadow-sm" data-testid={testId}>
      <figcaption className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-semibold">{title}</span>
        <span className="text-lg font-bold" data-testid={`${testId}-total`}>
          {model.total}
        </span>
      </figcaption>
      <ChartSvg model={narrow} summary={summary} className="mt-3 h-auto w-full sm:hidden" />
      <ChartSvg model={model} summary={summary} className="mt-3 hidden h-auto w-full sm:block" />
      <details className="mt-2">
        <summary className="inline-block text-sm font-semibold text-coral-700 underline">{showTable}</summary>
        <div className="mt-2">
          <table className="w-full text-sm" data-testid={`${testId}-table`}>
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr className="border-b border-ink/15 text-start">
                <th scope="col" className="py-1 text-start font-semibold">
                  {periodHeading}
                </th>
                <th scope="col" className="py-1 text-end font-semibold">
                  {valueHeading}
                </th>
              </tr>
            </thead>
            <tbody>
              {model.rows.map((row) => (
                <tr key={row.label} className="border-b border-ink/5">
                  <th scope="row" className="py-1 text-start font-normal">
                    {row.label}
                  </th>
                  <td className="py-1 text-end tabular-nums">{row.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}

/** One drawing of the chart; `display: none` (Tailwind's hidden) keeps the other size out of the a11y tree. */
function ChartSvg({ model, summary, className }: { model: ChartModel; summary: string; className: string }) {
  return (
    <svg
      viewBox={`0 0 ${model.width} ${model.height}`}
      role="img"
      aria-label={summary}
      direction={model.dir}
      className={`${className} text-ink`}
      fontSize="13"
    >
      {model.yTicks.map((tick) => (
        <g key={`y-${tick.position}`}>
          <line
            x1={model.plotLeft}
            x2={model.plotRight}
            y1={tick.position}
            y2={tick.position}
            stroke="currentColor"
            strokeOpacity={tick.position === model.baseline ? 0.6 : 0.12}
          />
          <text x={model.yLabelX} y={tick.position} dy="0.32em" textAnchor="end" fill="currentColor">
            {tick.label}
          </text>
        </g>
      ))}
      {model.bars.map((bar) => (
        // Each bucket has its own x, so it keys the bar.
        <rect key={bar.x} x={bar.x} y={bar.y} width={bar.width} height={bar.height} rx="2" fill={TEAL} />
      ))}
      {model.areaPath ? <path d={model.areaPath} fill={CORAL} fillOpacity={0.15} /> : null}
      {model.linePath ? (
        <path d={model.linePath} fill="none" stroke={CORAL} strokeWidth={2.5} strokeLinejoin="round" />
      ) : null}
      {model.xTicks.map((tick) => (
        <text
          key={`x-${tick.position}`}
          x={tick.position}
          y={model.baseline + 22}
          textAnchor="middle"
          fill="currentColor"
        >
          {tick.label}
        </text>
      ))}
    </svg>
  );
}
