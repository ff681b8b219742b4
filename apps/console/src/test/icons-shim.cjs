// '@ant-design/icons' in jest: the package's CommonJS index loads all of its 800 icons in every test
// file. This loads each icon on first use instead.
const cache = new Map();
module.exports = new Proxy(
  {},
  {
    get(_target, name) {
      if (name === '__esModule') return true;
      if (typeof name !== 'string' || !/^[A-Z]/.test(name)) return undefined;
      if (!cache.has(name)) cache.set(name, require(`@ant-design/icons/lib/icons/${name}`).default);
      return cache.get(name);
    },
  },
);
