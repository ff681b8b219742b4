import type { ComponentType } from 'react';
import { Navigate, Outlet, Route, Routes } from 'react-router';
import { lazyScreen, ScreenPlaceholder } from '../shared/lazy-screen';
import { loadCharts } from '../shared/charts/load-charts';
import { registerSignInPreload } from '../shared/preload';
import { ShellPlaceholder } from './shell/shell-placeholder';
import { selectSignedIn } from '../shared/session/session-slice';
import { loadLiveRuntime, useLiveChannel } from './live/use-live-channel';
import { useAppSelector } from './store';

/** A named export of a lazily loaded module as a screen: each screen is its own chunk. */
function lazyNamed<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazyScreen(load, (module) => module[name] as ComponentType);
}

const SignedInLayout = lazyNamed(() => import('./shell/signed-in-layout'), 'SignedInLayout');
const LoginPage = lazyNamed(() => import('../features/auth/login-page'), 'LoginPage');
const RequestResetPage = lazyNamed(() => import('../features/auth/request-reset-page'), 'RequestResetPage');
const SetPasswordPage = lazyNamed(() => import('../features/auth/set-password-page'), 'SetPasswordPage');
const OidcCompletePage = lazyNamed(() => import('../features/auth/oidc-complete-page'), 'OidcCompletePage');
const AccessTokensPage = lazyNamed(
  () => import('../features/access-tokens/access-tokens-page'),
  'AccessTokensPage',
);
const DashboardPage = lazyNamed(() => import('../features/dashboard/dashboard-page'), 'DashboardPage');
const TrendChartPage = lazyNamed(() => import('../features/trend/trend-chart-page'), 'TrendChartPage');
const EquipmentPage = lazyNamed(() => import('../features/equipment/equipment-page'), 'EquipmentPage');
const RadarPage = lazyNamed(() => import('../features/radar/radar-page'), 'RadarPage');
const TicketsPage = lazyNamed(() => import('../features/tickets/tickets-page'), 'TicketsPage');
const UsersPage = lazyNamed(() => import('../features/users/users-page'), 'UsersPage');
const NotificationsPage = lazyNamed(
  () => import('../features/notifications/notifications-page'),
  'NotificationsPage',
);
const MessagingPage = lazyNamed(() => import('../features/messaging/messaging-page'), 'MessagingPage');
const EzAdasPage = lazyNamed(() => import('../features/ezadas/ezadas-page'), 'EzAdasPage');
const TruPointPage = lazyNamed(() => import('../features/trupoint/trupoint-page'), 'TruPointPage');
const CameraCalPage = lazyNamed(() => import('../features/camera-cal/camera-cal-page'), 'CameraCalPage');
const AiKnowPage = lazyNamed(() => import('../features/aiknow/aiknow-page'), 'AiKnowPage');
const AuditsPage = lazyNamed(() => import('../features/audits/audits-page'), 'AuditsPage');
const SoftwareUpdatesPage = lazyNamed(
  () => import('../features/software-updates/software-updates-page'),
  'SoftwareUpdatesPage',
);
const SpecUpdatesPage = lazyNamed(
  () => import('../features/spec-updates/spec-updates-page'),
  'SpecUpdatesPage',
);
const UpdateSchedulerPage = lazyNamed(
  () => import('../features/update-scheduler/update-scheduler-page'),
  'UpdateSchedulerPage',
);
const RolloutsPage = lazyNamed(() => import('../features/rollouts/rollouts-page'), 'RolloutsPage');
const AlertsPage = lazyNamed(() => import('../features/alerts/alerts-page'), 'AlertsPage');
const HealthPage = lazyNamed(() => import('../features/health/health-page'), 'HealthPage');
const FleetMapPage = lazyNamed(() => import('../features/map/fleet-map-page'), 'FleetMapPage');
const SimulatorPage = lazyNamed(() => import('../features/simulator/simulator-page'), 'SimulatorPage');
const NotFoundPage = lazyNamed(() => import('../features/not-found/not-found-page'), 'NotFoundPage');

// The live channel's chunk first: the channel starts as soon as the token is stored. The dashboard's
// charts too: their chunk is the largest, and the main thread is idle while the server checks the password.
registerSignInPreload(loadLiveRuntime, SignedInLayout.preload, DashboardPage.preload, loadCharts);

/**
 * Signed in: the live channel and the shell around the routed screen (its frame at once while its chunk loads).
 * Signed out: the screen alone.
 */
function AppFrame() {
  const signedIn = useAppSelector(selectSignedIn);
  useLiveChannel();
  return signedIn ? (
    <ScreenPlaceholder.Provider value={ShellPlaceholder}>
      <SignedInLayout />
    </ScreenPlaceholder.Provider>
  ) : (
    <Outlet />
  );
}

/** Routes only for signed-out users: a signed-in user goes to / (console-core §2). */
function PublicOnly() {
  return useAppSelector(selectSignedIn) ? <Navigate to="/" replace /> : <Outlet />;
}

/** Routes that need sign-in: a signed-out user goes to /login (console-core §2). */
function RequireSignIn() {
  return useAppSelector(selectSignedIn) ? <Outlet /> : <Navigate to="/login" replace />;
}

/** The route table of console-core §2 (history mode, base /). */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppFrame />}>
        <Route element={<PublicOnly />}>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/request_password_reset" element={<RequestResetPage />} />
          <Route path="/reset_password" element={<SetPasswordPage />} />
        </Route>
        {/* Neither guard: the page signs the user in, then opens where the sign-in began. */}
        <Route path="/login/complete" element={<OidcCompletePage />} />
        <Route element={<RequireSignIn />}>
          <Route index element={<DashboardPage />} />
          <Route path="/TrendChart" element={<TrendChartPage />} />
          <Route path="/Aligners" element={<EquipmentPage />} />
          <Route path="/Health" element={<HealthPage />} />
          <Route path="/Map" element={<FleetMapPage />} />
          <Route path="/Radar" element={<RadarPage />} />
          <Route path="/SupportTickets" element={<TicketsPage />} />
          <Route path="/Users" element={<UsersPage />} />
          <Route path="/Notifications" element={<NotificationsPage />} />
          <Route path="/Messaging" element={<MessagingPage />} />
          <Route path="/Easy" element={<EzAdasPage />} />
          <Route path="/TruPoint" element={<TruPointPage />} />
          <Route path="/CameraCal" element={<CameraCalPage />} />
          <Route path="/AIKnow" element={<AiKnowPage />} />
          <Route path="/Audits" element={<AuditsPage />} />
          <Route path="/SoftwareUpdates" element={<SoftwareUpdatesPage />} />
          <Route path="/SpecUpdates" element={<SpecUpdatesPage />} />
          <Route path="/UpdateScheduler" element={<UpdateSchedulerPage />} />
          <Route path="/Rollouts" element={<RolloutsPage />} />
          <Route path="/Rollouts/:id" element={<RolloutsPage />} />
          <Route path="/Alerts" element={<AlertsPage />} />
          <Route path="/AccessTokens" element={<AccessTokensPage />} />
          <Route path="/Simulator" element={<SimulatorPage />} />
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
