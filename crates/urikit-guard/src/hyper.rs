// hyper
