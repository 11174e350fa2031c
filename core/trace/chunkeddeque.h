// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstddef>
#include <deque>
#include <iterator>
#include <memory>
#include <new>
#include <type_traits>
#include <utility>

namespace lens {

/// A double-ended queue for the journal: push_back, pop_front, random access, and elements that
/// never move (a reference stays valid until its element is popped), like std::deque, but with
/// chunks of `Chunk` elements instead of libstdc++'s 512 bytes. Why: std::deque puts
/// 512 / sizeof(T) elements in a node, so a TraceEvent of 192 bytes went 2 to a node and a quarter
/// of the journal's event storage was the nodes' unused tail (64 bytes per event); here every
/// chunk is full but the last.
///
/// Not thread-safe. Iterators are random-access and stay valid while their element is held
/// (not across pop_front of earlier elements: an iterator is an index from the front).
template<typename T, std::size_t Chunk = 256> class ChunkedDeque {
public:
    using value_type = T;
    using size_type = std::size_t;
    using difference_type = std::ptrdiff_t;
    using reference = T &;
    using const_reference = const T &;

    ChunkedDeque() = default;
    ChunkedDeque(const ChunkedDeque &other)
    {
        for (const T &v : other)
            push_back(v);
    }
    ChunkedDeque(ChunkedDeque &&other) noexcept { swap(other); }
    ChunkedDeque &operator=(const ChunkedDeque &other)
    {
        if (this != &other) {
            ChunkedDeque copy(other);
            swap(copy);
        }
        return *this;
    }
    ChunkedDeque &operator=(ChunkedDeque &&other) noexcept
    {
        ChunkedDeque gone(std::move(other));
        swap(gone);
        return *this;
    }
    ~ChunkedDeque() { clear(); }

    void swap(ChunkedDeque &other) noexcept
    {
        m_chunks.swap(other.m_chunks);
        std::swap(m_head, other.m_head);
        std::swap(m_size, other.m_size);
    }

    size_type size() const { return m_size; }
    bool empty() const { return m_size == 0; }

    T &operator[](size_type i) { return *slot(m_head + i); }
    const T &operator[](size_type i) const { return *slot(m_head + i); }
    T &front() { return (*this)[0]; }
    const T &front() const { return (*this)[0]; }
    T &back() { return (*this)[m_size - 1]; }
    const T &back() const { return (*this)[m_size - 1]; }

    void push_back(const T &v) { emplace_back(v); }
    void push_back(T &&v) { emplace_back(std::move(v)); }
    template<typename... Args> T &emplace_back(Args &&...args)
    {
        const size_type at = m_head + m_size;
        if (at == m_chunks.size() * Chunk)
            m_chunks.push_back(static_cast<T *>(::operator new(sizeof(T) * Chunk)));
        T *p = ::new (static_cast<void *>(slot(at))) T(std::forward<Args>(args)...);
        ++m_size;
        return *p;
    }
    void pop_front()
    {
        slot(m_head)->~T();
        ++m_head;
        --m_size;
        if (m_head == Chunk) { // the front chunk is done with
            ::operator delete(m_chunks.front());
            m_chunks.pop_front();
            m_head = 0;
        } else if (m_size == 0) { // empty: the one chunk left fills again from its start
            m_head = 0;
        }
    }
    void clear()
    {
        while (m_size)
            pop_front();
        for (T *c : m_chunks)
            ::operator delete(c);
        m_chunks.clear();
        m_head = 0;
    }

    template<typename Q> class basic_iterator {
    public:
        using iterator_category = std::random_access_iterator_tag;
        using value_type = T;
        using difference_type = std::ptrdiff_t;
        using pointer = Q *;
        using reference = Q &;
        basic_iterator() = default;
        reference operator*() const { return (*m_d)[m_i]; }
        pointer operator->() const { return &(*m_d)[m_i]; }
        reference operator[](difference_type n) const { return (*m_d)[size_type(m_i + n)]; }
        basic_iterator &operator++() { return ++m_i, *this; }
        basic_iterator operator++(int) { return basic_iterator(m_d, m_i++); }
        basic_iterator &operator--() { return --m_i, *this; }
        basic_iterator operator--(int) { return basic_iterator(m_d, m_i--); }
        basic_iterator &operator+=(difference_type n) { return m_i += n, *this; }
        basic_iterator &operator-=(difference_type n) { return m_i -= n, *this; }
        basic_iterator operator+(difference_type n) const { return basic_iterator(m_d, m_i + n); }
        friend basic_iterator operator+(difference_type n, const basic_iterator &it)
        {
            return it + n;
        }
        basic_iterator operator-(difference_type n) const { return basic_iterator(m_d, m_i - n); }
        difference_type operator-(const basic_iterator &o) const { return m_i - o.m_i; }
        bool operator==(const basic_iterator &o) const { return m_i == o.m_i; }
        bool operator!=(const basic_iterator &o) const { return m_i != o.m_i; }
        bool operator<(const basic_iterator &o) const { return m_i < o.m_i; }
        bool operator>(const basic_iterator &o) const { return m_i > o.m_i; }
        bool operator<=(const basic_iterator &o) const { return m_i <= o.m_i; }
        bool operator>=(const basic_iterator &o) const { return m_i >= o.m_i; }
        /// A mutable iterator converts to a const one.
        operator basic_iterator<const T>() const { return basic_iterator<const T>(m_d, m_i); }

    private:
        friend class ChunkedDeque;
        template<typename> friend class basic_iterator;
        using Owner = std::conditional_t<std::is_const_v<Q>, const ChunkedDeque, ChunkedDeque>;
        basic_iterator(Owner *d, difference_type i) : m_d(d), m_i(i) {}
        Owner *m_d = nullptr;
        difference_type m_i = 0;
    };
    using iterator = basic_iterator<T>;
    using const_iterator = basic_iterator<const T>;
    using reverse_iterator = std::reverse_iterator<iterator>;
    using const_reverse_iterator = std::reverse_iterator<const_iterator>;

    iterator begin() { return iterator(this, 0); }
    iterator end() { return iterator(this, difference_type(m_size)); }
    const_iterator begin() const { return const_iterator(this, 0); }
    const_iterator end() const { return const_iterator(this, difference_type(m_size)); }
    const_iterator cbegin() const { return begin(); }
    const_iterator cend() const { return end(); }
    reverse_iterator rbegin() { return reverse_iterator(end()); }
    reverse_iterator rend() { return reverse_iterator(begin()); }
    const_reverse_iterator rbegin() const { return const_reverse_iterator(end()); }
    const_reverse_iterator rend() const { return const_reverse_iterator(begin()); }

private:
    T *slot(size_type i) const { return m_chunks[i / Chunk] + i % Chunk; }

    std::deque<T *> m_chunks;
    size_type m_head = 0; ///< index of the front element in m_chunks.front()
    size_type m_size = 0;
};

} // namespace lens
