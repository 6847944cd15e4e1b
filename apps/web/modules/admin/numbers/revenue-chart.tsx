'use client';

import { useEffect, useRef } from 'react';
import type { OrderStats } from '@comptoir/contract/admin-orders';
import { formatPrice } from '@comptoir/domain/money';
import { dayText } from '../orders/order-texts';
import styles from '../orders/orders.module.css';

/**
 * Revenue per day as bars, drawn by Chart.js (decision 0065), loaded by this screen only. The
 * canvas is an image with a one-sentence description; the same figures are in the table beside
 * it for screen readers and keyboard users.
 */
export function RevenueChart({ days, label }: { days: OrderStats['days']; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    let chart: { destroy(): void } | null = null;
    let cancelled = false;
    void import('chart.js').then(
      ({ Chart, BarController, BarElement, CategoryScale, LinearScale, Tooltip }) => {
        if (cancelled || !canvas.current) return;
        Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);
        chart = new Chart(canvas.current, {
          type: 'bar',
          data: {
            labels: days.map((day) => dayText(day.date)),
            datasets: [
              {
                label: 'Chiffre d’affaires TTC',
                data: days.map((day) => day.revenueCents / 100),
                backgroundColor: '#2456b3',
              },
            ],
          },
          options: {
            responsive: true,
            maintainAspectRatio: false,
            animation: false,
            scales: {
              y: {
                beginAtZero: true,
                ticks: { callback: (value) => formatPrice(Math.round(Number(value) * 100)) },
              },
            },
            plugins: {
              tooltip: {
                callbacks: {
                  label: (item) => formatPrice(Math.round(Number(item.raw) * 100)),
                },
              },
            },
          },
        });
      },
    );
    return () => {
      cancelled = true;
      chart?.destroy();
    };
  }, [days]);

  return (
    <div className={styles.chart}>
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}
