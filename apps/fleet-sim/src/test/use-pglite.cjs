process.env.TEST_STORE = 'pglite';
