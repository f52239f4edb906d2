// The dashboard's entry: the sign-in in use, the API client, and the app rendered into #app.
import { render } from "preact";
import "./styles.css";
import { Api } from "./api.js";
import { App } from "./app.js";
import { developmentAuth } from "./auth.js";
import { navigate } from "./nav.js";

const auth = developmentAuth(sessionStorage, (href) => navigate(href, true));
const api = new Api(auth, () => location.pathname + location.search);
const root = document.getElementById("app");
if (!root) throw new Error("index.html has no #app");
root.textContent = "";
render(<App api={api} setToken={(t) => auth.setToken(t)} />, root);
