// What the other features take from the dashboard language: its language id and the base a pulled
// folder's dashboard is checked against (local folders give their dashboards the language).
export { DASHBOARD_LANGUAGE, type DashboardBase } from './vscode/dashboardDocuments';
