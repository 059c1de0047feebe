import { Link } from 'react-router';
import { PRODUCT_NAME } from './brand';

/** Spec 2.4 (its columns and social links arrive with the pages they point to). */
export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="footer">
      <div className="footer__inner">
        <p>
          © {year} {PRODUCT_NAME}
        </p>
        <nav aria-label="Legal">
          <ul>
            <li>
              <Link to="/privacy">Privacy Policy</Link>
            </li>
            <li>
              <Link to="/terms">Terms of Service</Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
