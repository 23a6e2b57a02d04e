import type { TSpendGroup } from '@reorder/schemas';
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';
import { useEffect, useRef } from 'react';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

/** Colours that stay apart for the first suppliers, then repeat; the rest of the chart is the page's ink. */
const COLOURS = ['#2f6f4f', '#d08a2c', '#3f6fb5', '#b5473f', '#7a5fa8', '#5c8f8a', '#a37a3f', '#6b7a2f'];

/**
 * Spend by month, stacked by supplier (chart.js, loaded with the Spend
 * screen only). The numbers it draws are also in the table beside it, for
 * screen readers and for reading exact amounts.
 */
export default function SpendChart({
  groups,
  labels,
  money,
  axis,
  label,
}: {
  groups: TSpendGroup[];
  /** The months' short names, the year where it changes ("nov 2025, dic, ene 2026"). */
  labels: string[];
  money: (amount: number) => string;
  /** An amount as the axis writes it: no needless decimals ("1.200 €"). */
  axis: (amount: number) => string;
  label: string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const suppliers = new Map<string, string>();
    for (const group of groups) for (const part of group.suppliers ?? []) suppliers.set(part.key, part.label);
    const ink = getComputedStyle(canvas.current).color;
    const chart = new Chart(canvas.current, {
      type: 'bar',
      data: {
        labels,
        datasets: [...suppliers].map(([key, name], index) => ({
          label: name,
          data: groups.map((group) => group.suppliers?.find((part) => part.key === key)?.total ?? 0),
          backgroundColor: COLOURS[index % COLOURS.length],
          stack: 'spend',
        })),
      },
      // The axes' labels as drawn, on the canvas's data-axis (for tests: a canvas has no text to read).
      plugins: [
        {
          id: 'axis-labels',
          afterLayout: (drawn) => {
            const y = drawn.scales.y?.ticks.map((tick) => String(tick.label)) ?? [];
            const x = drawn.scales.x?.ticks.map((tick) => String(tick.label)) ?? [];
            drawn.canvas.dataset.axis = JSON.stringify({ x, y });
          },
        },
      ],
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        color: ink,
        scales: {
          // Every month named (the year where it changes must not be skipped), slanted when narrow.
          x: { stacked: true, ticks: { color: ink, autoSkip: false, maxRotation: 60 } },
          y: { stacked: true, ticks: { color: ink, callback: (value) => axis(Number(value)) } },
        },
        plugins: {
          legend: { position: 'bottom', labels: { boxWidth: 12, color: ink } },
          tooltip: { callbacks: { label: (item) => `${item.dataset.label}: ${money(Number(item.raw))}` } },
        },
      },
    });
    return () => chart.destroy();
  }, [groups, labels, money, axis]);
  return (
    <div className="spend-chart">
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}
