/**
 * The dashboard's charts chunk (charts.tsx, which imports @ant-design/charts). Its own module so that the
 * sign-in preload fetches the chunk at once, not after the chart components' module and its antd imports.
 */
export const loadCharts = () => import('./charts');
