// What a chart is once its geometry is computed (app/analytics/charts.server.ts): plain numbers and strings
// that cross from the loader to the component, so the browser needs no charting library.

export type ChartBar = { x: number; y: number; width: number; height: number };
export type ChartTick = { position: number; label: string };
export type ChartRow = { label: string; value: string };

/** Everything the component draws, in plain data. */
export type ChartModel = {
  kind: "bars" | "area";
  width: number;
  height: number;
  dir: "ltr" | "rtl";
  /** Left and right ends of the plot area and its baseline (y of value 0). */
  plotLeft: number;
  plotRight: number;
  baseline: number;
  bars: ChartBar[];
  /** SVG path data of the area and its top line; empty for a bar chart. */
  areaPath: string;
  linePath: string;
  xTicks: ChartTick[];
  yTicks: ChartTick[];
  /** Where the value labels stand: just outside the plot on its start side. */
  yLabelX: number;
  /** The same figures as text, for the data table. */
  rows: ChartRow[];
  total: string;
};
