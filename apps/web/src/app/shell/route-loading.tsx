import { Spinner } from '../../components/spinner.tsx';

/** While the first screen's code loads (every screen but home is its own chunk). */
export function RouteLoading() {
  return (
    <div className="route-loading">
      <Spinner />
    </div>
  );
}
