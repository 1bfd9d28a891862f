/**
 * Charts for the admin screens: @tremor/react (on recharts) with the Tailwind CSS it needs. Import charts from
 * here, never from '@tremor/react' directly, so the stylesheet comes with them (in the admin chunk only).
 */
import './charts.css';

export { AreaChart, BarChart, DonutChart, LineChart } from '@tremor/react';
