// The baseline of the bundle-size benchmark: a plain React + router page and nothing else.
import { createRoot } from 'react-dom/client';
import { Link, Route, Switch } from 'wouter';

createRoot(document.getElementById('root')!).render(
  <Switch>
    <Route path="/">
      <Link href="/about">About</Link>
    </Route>
    <Route>Not found</Route>
  </Switch>,
);
