// Tailwind CSS 2.2.19 defaults, purged to the classes index.html names (its markup and scripts).
module.exports = {
  purge: { enabled: true, content: ['./index.html'] },
  darkMode: false,
  theme: { extend: {} },
  variants: { extend: {} },
  plugins: [],
}
